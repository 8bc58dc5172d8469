import Foundation
import PyramidIO
import PyramidTestSupport
import Testing

/// `pyramid demo` is never quiet for long: its build step, with the output captured as in a CI
/// log, prints a line at least every few seconds however long SwiftPM stays silent; `--verbose`
/// prints SwiftPM's own lines and `--quiet` nothing. A stand-in `swift` on `PATH` plays a build
/// that is silent for 13 seconds on one step, then fails, which ends the demo after its build step.
@Suite("pyramid demo's progress", .timeLimit(.minutes(5)))
struct DemoProgressTests {
    /// A folder with the stand-in `swift` and an Examples package for it to "build".
    struct Stage {
        let folder: TemporaryFolder
        var bin: String { folder.path("bin") }
        var examples: String { folder.path("examples") }

        init(silence seconds: Int) throws {
            folder = TemporaryFolder("pyramid-demo-progress", create: true)
            try FileManager.default.createDirectory(atPath: folder.path("bin"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: folder.path("examples"), withIntermediateDirectories: true)
            try "// swift-tools-version: 6.0\n".write(toFile: folder.path("examples/Package.swift"), atomically: true, encoding: .utf8)
            let script = """
                #!/bin/sh
                if [ "$1" = build ]; then
                    echo "Building for debugging..."
                    echo "[1/3] Compiling Slow Slow.swift, Slower.swift"
                    sleep \(seconds)
                    echo "[3/3] Linking slow"
                    echo "error: the stand-in build fails here"
                    exit 1
                fi
                exit 0
                """
            try script.write(toFile: folder.path("bin/swift"), atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path("bin/swift"))
        }

        /// Runs `pyramid demo` on the stand-in, its standard output and errors in one pipe, and
        /// returns each line with the seconds since the start at which it arrived.
        func demo(_ extra: [String]) async throws -> (status: Int32, lines: [(seconds: Double, text: String)]) {
            let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let arguments = ["demo", "--examples", examples, "--no-coverage", "--no-install", "-o", folder.path("out")] + extra
            return try await offThePool("DemoProgressTests") {
                let start = ContinuousClock.now
                let process = try ChildProcess(executable: CLI.executable.path, arguments: arguments, environment: ["PATH": path], output: .merged)
                var lines: [(seconds: Double, text: String)] = []
                var partial: [UInt8] = []
                while let chunk = process.output?.availableData, !chunk.isEmpty {
                    let elapsed = ContinuousClock.now - start
                    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                    partial += chunk
                    while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
                        lines.append((seconds, String(decoding: partial[..<newline], as: UTF8.self)))
                        partial.removeSubrange(...newline)
                    }
                }
                return (process.wait(), lines)
            }
        }
    }

    @Test("the build step in a log: a status line every few seconds through 13 silent seconds, no gap over 10 s, then the failure")
    func neverSilentInALog() async throws {
        let stage = try Stage(silence: 13)
        let run = try await stage.demo([])
        let texts = run.lines.map(\.text)
        #expect(run.status == 2, "\(texts)")
        #expect(texts.contains { $0.hasPrefix("Building the reference app") }, "\(texts)")
        let status = texts.filter { $0.hasPrefix("  building: 1/3 steps, Compiling Slow (") }
        #expect(status.count >= 2, "the silent step is shown as alive: \(texts)")
        #expect(!texts.contains { $0.contains("\u{1B}[") || $0.contains("\r") }, "a log gets plain lines: \(texts)")
        #expect(texts.contains { $0.contains("the stand-in build fails here") }, "the build's end is shown: \(texts)")
        let gaps = zip(run.lines, run.lines.dropFirst()).map { $1.seconds - $0.seconds }
        #expect(run.lines.count >= 5 && run.lines.last!.seconds >= 13, "\(run.lines)")
        #expect(gaps.allSatisfy { $0 <= 10 }, "the longest gap: \(gaps.max() ?? 0) s in \(run.lines)")
    }

    @Test("--verbose prints SwiftPM's own lines and no status line; --quiet prints nothing but the error; both at once is refused")
    func verboseAndQuiet() async throws {
        let stage = try Stage(silence: 0)
        let verbose = try await stage.demo(["--verbose"]).lines.map(\.text)
        #expect(verbose.contains("[1/3] Compiling Slow Slow.swift, Slower.swift") && verbose.contains("[3/3] Linking slow"), "\(verbose)")
        #expect(!verbose.contains { $0.hasPrefix("  building: ") }, "\(verbose)")

        let quiet = try await stage.demo(["--quiet"])
        #expect(quiet.status == 2)
        // The error is the first thing printed (it ends with the build log's last lines).
        #expect(quiet.lines.first?.text.hasPrefix("Error: the demo failed: building") == true, "\(quiet.lines.map(\.text))")
        #expect(!quiet.lines.contains { $0.text.contains("building: ") || $0.text.hasPrefix("Building the reference app") })
        #expect(quiet.lines.contains { $0.text.contains("the stand-in build fails here") }, "the error still says why")

        let both = try await stage.demo(["--quiet", "--verbose"])
        #expect(both.status == 2, "a usage error, as every other invalid option")
        #expect(both.lines.contains { $0.text.contains("--quiet and --verbose cannot be given together") }, "\(both.lines.map(\.text))")
    }
}
