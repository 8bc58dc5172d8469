import Foundation
import PyramidIO
public import TestEventStream

/// Which tests of a package are at which level of the pyramid, known before they run: `swift
/// test list` with Swift Testing's event stream gives each test with its tags (XCTest's tests
/// have none, and go by their target), and ``PyramidClassifier`` places each, as the spec will.
public struct LevelPlan: Sendable, Equatable {
    /// Each level's tests, as `swift test list` names them, in the list's order.
    public var tests: [PyramidLevel: [String]]

    /// A plan with its parts given.
    public init(tests: [PyramidLevel: [String]]) {
        self.tests = tests
    }

    /// The levels that have tests, bottom to top.
    public var levels: [PyramidLevel] { PyramidLevel.allCases.filter { !(tests[$0]?.isEmpty ?? true) } }

    /// Lists the package's tests (with `buildArguments`, so the list is of what was built),
    /// keeps those `filters` select (every test when there is none), and places each.
    ///
    /// - Parameters:
    ///   - packagePath: The package.
    ///   - filters: `swift test --filter` patterns, applied as they are to the list's names.
    ///   - classifier: How a test's level is found.
    ///   - buildArguments: Build options the run uses (`--scratch-path`, `-c`).
    ///   - workFolder: Where the list (`test-list.txt`) and its event stream (`test-list.jsonl`) are kept.
    /// - Throws: ``SpecError`` when the list cannot be had or read, or a filter is not a regular expression.
    public static func make(
        packagePath: String, filters: [String] = [], classifier: PyramidClassifier, buildArguments: [String] = [], workFolder: String
    ) throws(SpecError) -> LevelPlan {
        let runner = SwiftTestRunner(packagePath: packagePath, extraArguments: buildArguments, workFolder: workFolder)
        do {
            try FileManager.default.createDirectory(atPath: runner.workFolder, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateFolder(path: runner.workFolder, reason: FileError.describe(error))
        }
        let streamPath = (runner.workFolder as NSString).appendingPathComponent("test-list.jsonl")
        try? FileManager.default.removeItem(atPath: streamPath)
        var environment = ProcessInfo.processInfo.environment
        // Tags are behind this switch in 6.3's stream.
        environment["SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED"] = "1"
        let arguments = runner.listArguments + ["--event-stream-output-path", streamPath, "--event-stream-version", "6.3"]
        let (status, listed, errors) = try SwiftTestRunner.list(arguments, environment: environment)
        guard status == 0 else {
            throw .cannotListTests(package: packagePath, exitStatus: status, output: String((listed + errors).suffix(2000)))
        }
        try? AtomicFile.write(Data(listed.utf8), to: runner.testListPath)
        let stream = FileManager.default.contents(atPath: streamPath) ?? Data()
        return try make(list: listed, stream: EventStreamReader.read(stream), filters: filters, classifier: classifier)
    }

    /// The plan of a list (`swift test list`'s output) and the run its event stream gives (the
    /// tests with their tags, none run).
    ///
    /// - Throws: ``SpecError/invalidFilter(_:reason:)`` for a filter that is not a regular expression.
    public static func make(list: String, stream: TestRun, filters: [String], classifier: PyramidClassifier) throws(SpecError) -> LevelPlan {
        var byName: [String: PyramidLevel] = [:]
        classifier.forEachTest(in: stream) { test, _, _, level, _ in
            byName[TestShard.listName(ofTestID: test.id)] = level
        }
        let names = TestList(parsing: list).entries.map { entry in
            (name: entry.module + "." + (entry.container.isEmpty ? "" : entry.container + "/") + entry.name, module: entry.module)
        }
        let selected = Set(try ShardSelection.selecting(names.map(\.name), filters: filters))
        var tests: [PyramidLevel: [String]] = [:]
        for (name, module) in names where selected.contains(name) {
            tests[byName[name] ?? classifier.level(ofModule: module).level, default: []].append(name)
        }
        return LevelPlan(tests: tests)
    }
}
