package import LivingSpec
package import Foundation
import PyramidIO
import TestEventStream

/// A package's built test binary (`<Package>PackageTests.xctest` in the build's bin folder), run
/// as `swift test` runs it on Linux but without SwiftPM: XCTest's tests by name, then Swift
/// Testing's with `--testing-library swift-testing`. SwiftPM reads the package and plans the
/// build on every `swift test`, seconds each under load, and two doing so on one build at once
/// can read each other's half-written plan; the binary lists its tests in a tenth of a second.
package struct TestBundle: Sendable, Equatable {
    /// The binary.
    package var path: String

    /// The bundle at `path`.
    package init(path: String) {
        self.path = path
    }

    /// What the bundle lists: the names `swift test list` prints (XCTest's, then Swift
    /// Testing's), and Swift Testing's event stream of its tests with their tags, none run.
    package struct Listing: Sendable {
        /// One name a line, as `swift test list` prints them.
        package var names: String
        /// The event stream (`--event-stream-version 6.3`, with the experimental fields).
        package var stream: Data
    }

    /// Lists the tests, the event stream kept at `streamPath`.
    ///
    /// - Throws: ``SpecError/cannotListTests(package:exitStatus:output:)`` when the bundle
    ///   cannot list them (it is missing, or exits with an error).
    package func list(streamPath: String) throws(SpecError) -> Listing {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw .cannotListTests(package: path, exitStatus: 127, output: "no test binary at \(path): build the package's tests first")
        }
        try? FileManager.default.removeItem(atPath: streamPath)
        var environment = ProcessInfo.processInfo.environment
        environment["SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED"] = "1"
        let xcTest = try Self.run(path, ["--list-tests"], environment: environment)
        let swiftTesting = try Self.run(
            path, ["--testing-library", "swift-testing", "--list-tests", "--event-stream-output-path", streamPath, "--event-stream-version", "6.3"],
            environment: environment)
        // XCTest's list opens with "Listing N tests in …:" and a blank line; TestList passes over them.
        let names = TestList(parsing: xcTest + "\n" + swiftTesting).entries.map(\.fullName)
        return Listing(names: names.map { $0 + "\n" }.joined(), stream: FileManager.default.contents(atPath: streamPath) ?? Data())
    }

    /// Runs `tests` (full names, as listed) in `runner`'s work folder as `runner.run()` would:
    /// XCTest's by name, their output in the console file; Swift Testing's by exact filter,
    /// with the event stream and attachments. An empty event stream stands for a run with no
    /// Swift Testing test. Returns the first non-zero exit status, or 0.
    ///
    /// - Throws: ``SpecError/noEventStream(path:exitStatus:)`` when Swift Testing's tests ran
    ///   and wrote no stream; ``SpecError/cannotCreateFolder(path:reason:)`` or ``SpecError/notAPackage(path:)`` when the work folder cannot be readied.
    package func run(_ tests: [String], runner: SwiftTestRunner) throws(SpecError) -> Int32 {
        // Run directly, Swift Testing colours its output whenever TERM names a terminal, pipe or
        // not: colour only what this process's terminal shows, and honour NO_COLOR.
        let environment = TerminalColour.childEnvironment(
            try runner.prepare(), allowed: runner.onLine == nil && TerminalColour.allowedOnStandardError())
        guard FileManager.default.createFile(atPath: runner.consolePath, contents: nil),
              let console = FileHandle(forWritingAtPath: runner.consolePath)
        else {
            throw .cannotCreateFolder(path: runner.consolePath, reason: "cannot create the file")
        }
        defer { try? console.close() }
        let entries = TestList(parsing: tests.joined(separator: "\n")).entries
        let xcTests = entries.filter { $0.framework == .xctest }.map(\.fullName)
        let swiftTesting = entries.filter { $0.framework == .swiftTesting }.map(\.fullName)
        var status: Int32 = 0
        if !xcTests.isEmpty {
            status = try SwiftTestRunner.launch(path, [xcTests.joined(separator: ",")], environment: environment, echo: runner.echo, into: console)
        }
        if swiftTesting.isEmpty {
            guard FileManager.default.createFile(atPath: runner.eventStreamPath, contents: Data()) else {
                throw .cannotWrite(path: runner.eventStreamPath, reason: "cannot create the file")
            }
            return status
        }
        var arguments = [
            "--testing-library", "swift-testing", "--event-stream-output-path", runner.eventStreamPath, "--event-stream-version", "6.3",
            "--attachments-path", runner.attachmentsPath,
        ]
        for name in swiftTesting { arguments += ["--filter", TestShard.filterPattern(for: name)] }
        let swiftTestingStatus = try SwiftTestRunner.launch(path, arguments, environment: environment, echo: runner.echo, into: console)
        guard FileManager.default.fileExists(atPath: runner.eventStreamPath) else {
            throw .noEventStream(path: runner.eventStreamPath, exitStatus: swiftTestingStatus)
        }
        return status != 0 ? status : swiftTestingStatus
    }

    private static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws(SpecError) -> String {
        let finished: ChildProcess.Finished
        do {
            finished = try ChildProcess.run(executable: path, arguments: arguments, environment: environment)
        } catch {
            throw .cannotListTests(package: path, exitStatus: 127, output: FileError.describe(error))
        }
        guard finished.status == 0 else {
            let output = String(decoding: finished.stdout + finished.stderr, as: UTF8.self)
            throw .cannotListTests(package: path, exitStatus: finished.status, output: String(output.suffix(2000)))
        }
        return String(decoding: finished.stdout, as: UTF8.self)
    }
}
