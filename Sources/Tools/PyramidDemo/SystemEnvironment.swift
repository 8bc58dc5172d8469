import Foundation
import PyramidIO

/// What the demo's set-up asks of the machine: who it runs as, which programs exist,
/// and running a command. The live machine is ``LiveSystemEnvironment``; tests pass a fake.
package protocol SystemEnvironment: Sendable {
    /// Whether this process runs as root (effective user id 0).
    var isRoot: Bool { get }
    /// The path of `program` on `PATH`, or nil.
    func which(_ program: String) -> String?
    /// Runs `arguments` (the program first, looked up on `PATH`) to its end.
    func run(_ arguments: [String]) async -> CommandOutcome
}

/// How a command ended: its exit status and the end of its output.
package struct CommandOutcome: Sendable, Hashable {
    package var status: Int32
    /// The last few kilobytes of its standard output and error, interleaved.
    package var output: String

    package init(status: Int32, output: String) {
        self.status = status
        self.output = output
    }
}

/// The machine this process runs on.
package struct LiveSystemEnvironment: SystemEnvironment {
    package init() {}

    package var isRoot: Bool { geteuid() == 0 }

    package func which(_ program: String) -> String? {
        SearchPath.find(program)
    }

    package func run(_ arguments: [String]) async -> CommandOutcome {
        guard let first = arguments.first else { return CommandOutcome(status: 127, output: "no command given") }
        guard let executable = first.hasPrefix("/") ? first : which(first) else {
            return CommandOutcome(status: 127, output: "\(first) was not found on PATH")
        }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("pyramid-command-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        do {
            let group = try ProcessGroup(executable: executable, arguments: Array(arguments.dropFirst()), logPath: log)
            let status = await group.waitForExit()
            return CommandOutcome(status: status, output: group.log())
        } catch {
            return CommandOutcome(status: 127, output: "\(error)")
        }
    }
}
