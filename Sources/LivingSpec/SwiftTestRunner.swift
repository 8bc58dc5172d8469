import Foundation
import PyramidIO

/// Runs `swift test` with Swift Testing's JSON event stream and attachments switched on, so
/// the run can be read back as a spec.
public struct SwiftTestRunner: Sendable {
    public var packagePath: String
    public var filters: [String]
    public var extraArguments: [String]
    /// Where the event stream and the attachments go.
    public var workFolder: String

    public init(packagePath: String, filters: [String] = [], extraArguments: [String] = [], workFolder: String) {
        self.packagePath = packagePath
        self.filters = filters
        self.extraArguments = extraArguments
        // swift test resolves these against the package, not the caller's folder: make them absolute.
        self.workFolder = URL(fileURLWithPath: workFolder).standardizedFileURL.path
    }

    public var eventStreamPath: String { (workFolder as NSString).appendingPathComponent("events.jsonl") }
    public var attachmentsPath: String { (workFolder as NSString).appendingPathComponent("attachments") }

    /// The arguments after `swift`.
    public var arguments: [String] {
        var arguments = [
            "test", "--package-path", packagePath,
            "--event-stream-output-path", eventStreamPath, "--event-stream-version", "6.3",
            "--attachments-path", attachmentsPath,
        ]
        for filter in filters { arguments += ["--filter", filter] }
        return arguments + extraArguments
    }

    /// Runs the tests, their output going to standard error, and returns swift test's exit
    /// status (non-zero when a test failed). Throws when the run cannot start at all.
    public func run() throws(SpecError) -> Int32 {
        let fileManager = FileManager.default
        try? fileManager.removeItem(atPath: eventStreamPath)
        try? fileManager.removeItem(atPath: attachmentsPath)
        do {
            try fileManager.createDirectory(atPath: attachmentsPath, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateFolder(path: attachmentsPath, reason: FileError.describe(error))
        }
        guard fileManager.fileExists(atPath: (packagePath as NSString).appendingPathComponent("Package.swift")) else {
            throw .notAPackage(path: packagePath)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        var environment = ProcessInfo.processInfo.environment
        // Tags, test-case arguments and comments are behind this switch in 6.3's stream.
        environment["SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED"] = "1"
        process.environment = environment
        process.standardOutput = FileHandle.standardError
        process.standardError = FileHandle.standardError
        do {
            try process.run()
        } catch {
            throw .cannotLaunchSwift(reason: FileError.describe(error))
        }
        process.waitUntilExit()
        if process.terminationStatus == 127 { throw .swiftNotFound }
        guard fileManager.fileExists(atPath: eventStreamPath) else {
            throw .noEventStream(path: eventStreamPath, exitStatus: process.terminationStatus)
        }
        return process.terminationStatus
    }
}
