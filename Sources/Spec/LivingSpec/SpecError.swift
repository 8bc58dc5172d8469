public import CodeCoverage
import PyramidIO

/// Why a spec could not be made: what failed, and the file or folder it failed on.
public enum SpecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The event-stream file is not there.
    case eventStreamMissing(path: String)
    /// The event-stream file is there but cannot be read (no permission, or a folder).
    case eventStreamUnreadable(path: String)
    /// An XCTest input (console output, xUnit file, test list) is missing, unreadable or malformed.
    case unreadableInput(path: String, reason: String)
    /// A folder for the spec, or for the run's event stream and attachments, could not be made.
    case cannotCreateFolder(path: String, reason: String)
    /// A rendering could not be written; the file and the system's reason.
    case cannotWrite(path: String, reason: String)
    /// The package to test has no `Package.swift`.
    case notAPackage(path: String)
    /// `swift test` could not be started.
    case cannotLaunchSwift(reason: String)
    /// `swift` is not on `PATH`.
    case swiftNotFound
    /// `swift test` ended without writing the event stream it was asked for: usually a build
    /// failure, which it printed.
    case noEventStream(path: String, exitStatus: Int32)
    /// `swift test list`, which a sharded run and a run by level need, failed: its status and the end of its output.
    case cannotListTests(package: String, exitStatus: Int32, output: String)
    /// A `--filter` given with `--shard` is not a regular expression.
    case invalidFilter(String, reason: String)
    /// `--retries` outside `0...maximum`.
    case invalidRetries(Int, maximum: Int)
    /// The quarantine file cannot be read or is not one: where, and why.
    case invalidQuarantine(path: String, reason: String)
    /// A `swift` command coverage needs (`swift build --show-bin-path`, `swift package describe`)
    /// failed: the command, its status and the end of its output.
    case swiftCommandFailed(package: String, command: String, exitStatus: Int32, output: String)
    /// `--coverage-target` names no library or executable target of the package.
    case invalidCoverageTarget(String, known: [String])
    /// Coverage could not be measured: the tools' error.
    case coverage(CoverageError)

    public var description: String {
        switch self {
        case let .eventStreamMissing(path):
            return "\(path): the event stream does not exist"
        case let .eventStreamUnreadable(path):
            return "\(path): the event stream cannot be read"
        case let .unreadableInput(path, reason):
            return "\(path): \(reason)"
        case let .cannotCreateFolder(path, reason):
            return "\(path): cannot create the folder (\(reason))"
        case let .cannotWrite(path, reason):
            return "\(path): cannot write the spec (\(reason))"
        case let .notAPackage(path):
            return "\(path): no Package.swift here"
        case let .cannotLaunchSwift(reason):
            return "cannot run swift test: \(reason)"
        case .swiftNotFound:
            return "swift was not found on PATH"
        case let .noEventStream(path, exitStatus):
            return "swift test exited with status \(exitStatus) and wrote no event stream (\(path)); did the build fail?"
        case let .cannotListTests(package, exitStatus, output):
            return "\(package): swift test list exited with status \(exitStatus), so the tests cannot be listed:\n\(output)"
        case let .invalidFilter(filter, reason):
            return "--filter \(filter): not a regular expression (\(reason))"
        case let .invalidRetries(count, maximum):
            return "--retries \(count): give a number from 0 to \(maximum) (each rerun runs the failed tests again, so more hides real failures and multiplies a broken run's time)"
        case let .invalidQuarantine(path, reason):
            return "\(path): \(reason)"
        case let .swiftCommandFailed(package, command, exitStatus, output):
            return "\(package): \(command) exited with status \(exitStatus):\n\(output)"
        case let .invalidCoverageTarget(name, known):
            return "--coverage-target \(name): not a library or executable target of the package (its targets: \(known.joined(separator: ", ")))"
        case let .coverage(error):
            return "coverage: \(error)"
        }
    }
}
