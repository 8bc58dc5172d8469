import Foundation
import PyramidIO
import SpecRunning

/// What `pyramid mocks`, `pyramid mutants` and `pyramid stubs` do: run their tool (`pyramid-mocks`,
/// `pyramid-mutants`, `pyramid-stubs`), built beside `pyramid`, with the same arguments, in place of this
/// process, so its output and exit status are the command's. When the tool is not there yet
/// (after `swift run pyramid`, which builds only `pyramid`), it is built first, in the same
/// build folder, its progress on standard error (standard output stays the tool's).
enum ToolForwarding {
    /// - Parameters:
    ///   - command: The subcommand, for messages (`mocks`).
    ///   - tool: The tool's product name (`pyramid-mocks`).
    ///   - what: What the tool is, for the line that says it is being built.
    static func run(command: String, tool name: String, what: String, arguments: [String]) throws -> Never {
        let tool = SiblingTool(name)
        if !tool.isBuilt {
            FileHandle.standardError.write(Data("pyramid \(command): building \(name), \(what), for the first time…\n".utf8))
            let status = StatusLine.standardError()
            status.begin("planning the build")
            do {
                try tool.build { step in status.update("building: " + step.description) }
            } catch {
                status.close()
                throw CommandFailure.toolUnavailable(command: command, error)
            }
            status.close()
        }
        let failure = ChildProcess.replaceCurrentProcess(executable: tool.path, arguments: arguments)
        throw CommandFailure.toolFailed(command: command, reason: failure.description)
    }
}
