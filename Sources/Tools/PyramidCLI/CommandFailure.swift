import PyramidDemo
import PyramidIO
import SpecRunning

/// A failure a subcommand reports: printed as `Error: <description>`, with exit status 2.
enum CommandFailure: Error, CustomStringConvertible {
    /// An option's value the command cannot use: the option as typed, the value, and why
    /// ("is not between 0 and 1").
    case invalidOption(name: String, value: String, reason: String)
    /// An option needs an environment variable that is not set.
    case missingEnvironment(option: String, variable: String)
    /// A file an option writes to cannot be opened for writing.
    case unwritable(option: String, path: String)
    /// A library call failed; its error, kept as thrown, says what and where.
    case library(any Error)
    /// The run report could not be read; the error names the file.
    case unreadableRunReport(any Error)
    /// The review server did not start.
    case reviewServerDidNotStart(any Error)
    /// The demo lacks what it needs to render (a browser, fonts) and did not or could not install it.
    case demoSetup(DemoSetupError)
    /// The demo started and failed.
    case demoFailed(any Error)
    /// The shards could not be merged.
    case mergeFailed(any Error)
    /// The demo was run outside the checkout with no `--examples` folder.
    case noExamplesPackage(folder: String)
    /// The tool `pyramid <command>` runs (`pyramid-mocks`, `pyramid-mutants`, `pyramid-stubs`) is missing and
    /// could not be built.
    case toolUnavailable(command: String, SiblingToolError)
    /// The tool is there and could not be started.
    case toolFailed(command: String, reason: String)

    var description: String {
        switch self {
        case let .toolUnavailable(command, .missing(name, path)):
            return "pyramid \(command) runs \(name), which is not at \(path), and pyramid was not built in a package that can build it: "
                + "build it with `swift build --product \(name)` where pyramid was built"
        case let .toolUnavailable(command, error):
            return "pyramid \(command): \(error)"
        case let .toolFailed(command, reason):
            return "pyramid \(command): \(reason)"
        case let .invalidOption(name, value, reason):
            return "\(name) \(value) \(reason)"
        case let .missingEnvironment(option, variable):
            return "\(option): \(variable) is not set"
        case let .unwritable(option, path):
            return "\(option): \(path) cannot be opened for writing"
        case let .library(error):
            return "\(error)"
        case let .unreadableRunReport(error):
            return "the run report could not be read: \(error)"
        case let .reviewServerDidNotStart(error):
            return Self.didNotStart("the review server", error)
        case let .demoSetup(error):
            return "\(error)"
        case let .demoFailed(error):
            return "the demo failed: \(error)"
        case let .mergeFailed(error):
            return "pyramid merge: \(error)"
        case let .noExamplesPackage(folder):
            return "no Examples package in \(folder): run the demo from the swift-pyramid checkout, or pass --examples DIR"
        }
    }

    /// "the stub server could not listen on 127.0.0.1:18081: the address is already in use", or
    /// "… could not start: <error>" for any other failure.
    private static func didNotStart(_ server: String, _ error: any Error) -> String {
        if let listen = error as? ListenError { return "\(server) \(listen)" }
        return "\(server) could not start: \(error)"
    }
}
