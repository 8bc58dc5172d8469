package import LivingSpec
package import Foundation
import PyramidIO

/// Runs `swift test` with Swift Testing's JSON event stream and attachments switched on, so
/// the run can be read back as a spec. Its console output, shown as it comes, is also kept
/// (XCTest reports only there on Linux), and `swift test list` says which module each XCTest
/// class is in and which frameworks the package uses.
package struct SwiftTestRunner: Sendable {
    /// The package whose tests run.
    package var packagePath: String
    /// `swift test --filter` patterns.
    package var filters: [String]
    /// More arguments for `swift test`, after the runner's own.
    package var extraArguments: [String]
    /// Where the event stream and the attachments go.
    package var workFolder: String
    /// Variables set for the run over this process's environment.
    package var environment: [String: String]
    /// Hears each line of swift test's output as it comes; nil copies the output to standard error.
    package var onLine: (@Sendable (String) -> Void)?
    /// Whether to run `swift test list` after the tests, for XCTest's modules and the package's
    /// frameworks (a few seconds); off for a package known to have Swift Testing tests only.
    package var listsTests: Bool
    /// `swift test list`'s output for this build when it was already had (a shard's plan lists
    /// before it deals): with ``listsTests``, kept as the run's list instead of listing again.
    package var knownList: String?
    /// Whether to show Swift Testing's "↳ Written to …" line for every attachment it saves;
    /// off, they are kept in the console file only.
    package var verbose = false

    /// A runner for the package at `packagePath`.
    /// - Parameters:
    ///   - packagePath: The package whose tests run.
    ///   - filters: `swift test --filter` patterns.
    ///   - extraArguments: More arguments for `swift test`.
    ///   - workFolder: Where the event stream, the attachments and the console output go.
    ///   - environment: Variables set for the run.
    ///   - onLine: Hears each line of output; nil copies it to standard error.
    ///   - listsTests: Whether to run `swift test list` afterwards.
    package init(
        packagePath: String, filters: [String] = [], extraArguments: [String] = [], workFolder: String,
        environment: [String: String] = [:], onLine: (@Sendable (String) -> Void)? = nil, listsTests: Bool = true
    ) {
        self.listsTests = listsTests
        self.packagePath = packagePath
        self.filters = filters
        self.extraArguments = extraArguments
        self.environment = environment
        self.onLine = onLine
        // swift test resolves these against the package, not the caller's folder: make them absolute.
        self.workFolder = URL(fileURLWithPath: workFolder).standardizedFileURL.path
    }

    /// Where Swift Testing writes its JSON event stream.
    package var eventStreamPath: String { (workFolder as NSString).appendingPathComponent("events.jsonl") }
    /// Where Swift Testing writes the attachments.
    package var attachmentsPath: String { (workFolder as NSString).appendingPathComponent("attachments") }
    /// `swift test`'s console output, as it was shown.
    package var consolePath: String { (workFolder as NSString).appendingPathComponent("console.txt") }
    /// `swift test list`'s output, when it could be had.
    package var testListPath: String { (workFolder as NSString).appendingPathComponent("test-list.txt") }

    /// The arguments of `swift test list` after `swift`: the package and the build options the
    /// run was given, so it lists what was built (and `--ignore-lock`, when the run has it).
    package var listArguments: [String] {
        ["test", "list", "--package-path", packagePath, "--skip-build"] + buildOptions
    }

    /// The options of ``extraArguments`` that choose what is built and how (`--scratch-path`,
    /// `-c`, `--ignore-lock`): what `swift test list` and `swift build` need to see the same build.
    package var buildOptions: [String] {
        var options: [String] = []
        var index = 0
        let withValue: Set<String> = ["--scratch-path", "--build-path", "-c", "--configuration"]
        while index < extraArguments.count {
            let argument = extraArguments[index]
            if withValue.contains(argument), index + 1 < extraArguments.count {
                options += [argument, extraArguments[index + 1]]
                index += 1
            } else if withValue.contains(where: { argument.hasPrefix($0 + "=") }) || argument == "--ignore-lock" {
                options.append(argument)
            }
            index += 1
        }
        return options
    }

    /// The arguments after `swift`.
    package var arguments: [String] {
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
    package func run() throws(SpecError) -> Int32 {
        let environment = try prepare()
        let status = try Self.swift(arguments, environment: environment, echo: echo, keep: consolePath)
        if status == 127 { throw .swiftNotFound }
        guard FileManager.default.fileExists(atPath: eventStreamPath) else {
            throw .noEventStream(path: eventStreamPath, exitStatus: status)
        }
        // Only the module names and the frameworks come from the list: a run goes on without it.
        if listsTests, let knownList {
            try? AtomicFile.write(Data(knownList.utf8), to: testListPath)
        } else if listsTests, let listed = try? Self.capture(listArguments, environment: environment), listed.status == 0 {
            try? AtomicFile.write(Data(listed.output.utf8), to: testListPath)
        }
        return status
    }

    /// Readies the work folder for a run (the last run's stream, attachments, console and list
    /// removed; an empty attachments folder) and returns the run's environment.
    package func prepare() throws(SpecError) -> [String: String] {
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
        try? fileManager.removeItem(atPath: consolePath)
        try? fileManager.removeItem(atPath: testListPath)
        var environment = ProcessInfo.processInfo.environment
        environment.merge(self.environment) { $1 }
        // Tags, test-case arguments and comments are behind this switch in 6.3's stream.
        environment["SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED"] = "1"
        return environment
    }

    /// Where the run's output is shown as it comes: ``onLine``, else standard error; Swift
    /// Testing's lines naming where it saved an attachment only when ``verbose``.
    package var echo: Echo {
        let verbose = verbose
        if let onLine {
            return .lines { line in if verbose || !Self.isAttachmentPathLine(line) { onLine(line) } }
        } else if verbose {
            return .file(FileHandle.standardError)
        } else {
            return .lines { line in
                if !Self.isAttachmentPathLine(line) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
            }
        }
    }

    /// Runs `swift` with `arguments` (`test list`, `build --show-bin-path`, `package describe`)
    /// to its end and returns its exit status, its standard output (SwiftPM's own notes go to
    /// standard error) and its errors.
    package static func capture(_ arguments: [String], environment: [String: String]) throws(SpecError) -> (status: Int32, output: String, errors: String) {
        do {
            let finished = try ChildProcess.run(executable: "/usr/bin/env", arguments: ["swift"] + arguments, environment: environment)
            if finished.status == 127 { throw SpecError.swiftNotFound }
            return (finished.status, String(decoding: finished.stdout, as: UTF8.self), String(decoding: finished.stderr, as: UTF8.self))
        } catch let error as SpecError {
            throw error
        } catch {
            throw .cannotLaunchSwift(reason: FileError.describe(error))
        }
    }

    /// Whether a line of swift test's output is only where Swift Testing saved an attachment
    /// (`↳ Written to '…/scenario-steps.json'.`), which the spec links anyway.
    package static func isAttachmentPathLine(_ line: String) -> Bool {
        line.drop { $0 == " " }.hasPrefix("↳ Written to '")
    }

    /// Where `swift`'s output goes as it comes, besides its file.
    package enum Echo: Sendable {
        case none
        case file(FileHandle)
        /// Each whole line, without its newline (a last line without one when the output ends).
        case lines(@Sendable (String) -> Void)
    }

    /// Runs `swift` with `arguments`, its output and errors copied to `echo` as they come and
    /// kept whole in the file `keep`. Returns its exit status.
    package static func swift(_ arguments: [String], environment: [String: String], echo: Echo, keep: String) throws(SpecError) -> Int32 {
        guard FileManager.default.createFile(atPath: keep, contents: nil), let file = FileHandle(forWritingAtPath: keep) else {
            throw .cannotCreateFolder(path: keep, reason: "cannot create the file")
        }
        defer { try? file.close() }
        return try launch("/usr/bin/env", ["swift"] + arguments, environment: environment, echo: echo, into: file)
    }

    /// Runs `executable` with `arguments` in `environment` (the whole of it), its output and
    /// errors copied to `echo` as they come and written to `file`. Returns its exit status.
    package static func launch(
        _ executable: String, _ arguments: [String], environment: [String: String], echo: Echo, into file: FileHandle
    ) throws(SpecError) -> Int32 {
        // Foundation's Process is not used on Linux (see ChildProcess); the child stays in this
        // process's group, so a Ctrl-C at the terminal reaches it too.
        let child: ChildProcess
        do {
            // `environment` is the whole environment (callers start from this process's): a variable
            // a caller removed stays unset.
            child = try ChildProcess(executable: executable, arguments: arguments, environment: environment, inheritsEnvironment: false, output: .merged)
        } catch {
            let reason = FileError.describe(error)
            throw .cannotLaunchSwift(reason: executable == "/usr/bin/env" ? reason : "\(executable): \(reason)")
        }
        guard let reader = child.output else { throw .cannotLaunchSwift(reason: "no output pipe") }
        var partial: [UInt8] = []
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            file.write(chunk)
            switch echo {
            case .none: break
            case .file(let handle): handle.write(chunk)
            case .lines(let hear):
                partial += chunk
                while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
                    hear(String(decoding: partial[..<newline], as: UTF8.self))
                    partial.removeSubrange(...newline)
                }
            }
        }
        if case .lines(let hear) = echo, !partial.isEmpty { hear(String(decoding: partial, as: UTF8.self)) }
        return child.wait()
    }
}
