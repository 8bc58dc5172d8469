import Foundation

/// CPU seconds (user and system) from /proc, for the verify phase's floor.
enum ProcessCPU {
    /// Clock ticks a second, as /proc counts them.
    static let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))

    /// This process's CPU seconds so far.
    static func own() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// The CPU seconds so far of every running process whose name starts with "chrom"
    /// (Chromium's browser, renderer, GPU and utility processes, and chromedriver), by kind: its
    /// `--type=` (renderer, gpu-process, utility, zygote), "browser" or "chromedriver". A
    /// process that ended during the phase is not counted.
    static func chromium() -> [String: Double] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var total: [String: Double] = [:]
        for pid in entries where pid.allSatisfy(\.isNumber) {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { continue }
            let name = stat[stat.index(after: open)..<close]
            guard name.hasPrefix("chrom") else { continue }
            // After ") ": state is field 3; utime and stime are fields 14 and 15.
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
            let arguments = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))).map {
                $0.split(whereSeparator: { $0 == 0 || $0 == 0x20 }).map { String(decoding: $0, as: UTF8.self) }
            } ?? []
            let kind = name.hasPrefix("chromedriver") ? "chromedriver"
                : arguments.first { $0.hasPrefix("--type=") }.map { String($0.dropFirst(7)) } ?? "browser"
            total[kind, default: 0] += (user + system) / ticks
        }
        return total
    }
}

extension [String: Double] {
    /// Each kind's seconds since `earlier`.
    static func - (later: Self, earlier: Self) -> Self {
        later.reduce(into: [:]) { result, entry in result[entry.key] = entry.value - (earlier[entry.key] ?? 0) }
    }
}
