package import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the system's live processes, to check that nothing was left behind.
package enum ProcessTable {
    /// One live (not zombie) process.
    package struct Entry: Sendable, Hashable {
        package var pid: pid_t
        package var group: pid_t
        /// The parent process's id (0 where it cannot be read).
        package var parent: pid_t = 0
        package var commandLine: String
    }

    /// Every live process the system lists. Linux reads `/proc`; elsewhere the
    /// list is empty and callers fall back to signalling the group.
    package static func liveProcesses() -> [Entry] {
        #if os(Linux)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return names.compactMap { name -> Entry? in
            guard let pid = pid_t(name), let fields = statFields(of: pid),
                  fields.count > 2, fields[0] != "Z", fields[0] != "X", let group = pid_t(fields[2])
            else { return nil }
            let commandLine = read("/proc/\(name)/cmdline")?.replacingOccurrences(of: "\0", with: " ") ?? ""
            return Entry(pid: pid, group: group, parent: pid_t(fields[1]) ?? 0, commandLine: commandLine)
        }
        #else
        return []
        #endif
    }

    /// Live processes of one group.
    package static func members(ofGroup group: pid_t) -> [Entry] {
        #if os(Linux)
        return liveProcesses().filter { $0.group == group }
        #else
        return kill(-group, 0) == 0 ? [Entry(pid: group, group: group, commandLine: "")] : []
        #endif
    }

    /// This process and the processes it runs under, from itself up to the first (its parent,
    /// their parent, …), read from `/proc`; this process alone elsewhere.
    package static func selfAndAncestors() -> [pid_t] {
        var chain = [getpid()]
        #if os(Linux)
        while let last = chain.last, last > 1, chain.count < 256 {
            guard let fields = statFields(of: last), fields.count > 1, let parent = pid_t(fields[1]), parent > 0 else { break }
            chain.append(parent)
        }
        #endif
        return chain
    }

    /// The fields of `/proc/<pid>/stat` after the command's closing parenthesis: state, parent, group, ….
    private static func statFields(of pid: pid_t) -> [Substring]? {
        guard let stat = read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
    }

    /// Every live process `ancestor` started, directly or through its children.
    package static func descendants(of ancestor: pid_t) -> [Entry] {
        let all = liveProcesses()
        var children: [pid_t: [Entry]] = [:]
        for entry in all { children[entry.parent, default: []].append(entry) }
        var found: [Entry] = []
        var queue = children[ancestor] ?? []
        while let next = queue.popLast() {
            found.append(next)
            queue += children[next.pid] ?? []
        }
        return found
    }

    /// Live processes whose command line contains `marker` (a unique profile folder, say).
    package static func processes(commandLineContaining marker: String) -> [Entry] {
        liveProcesses().filter { $0.commandLine.contains(marker) }
    }

    private static func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
