package import LivingSpec
import Foundation
import PyramidIO
@_spi(PyramidTools) package import TestEventStream

/// Which tests of a package are at which level of the pyramid, known before they run: the test
/// binary's list with Swift Testing's event stream gives each test with its tags (XCTest's tests
/// have none, and go by their target), and ``PyramidClassifier`` places each, as the spec will.
package struct LevelPlan: Sendable, Equatable {
    /// Each level's tests, as `swift test list` names them, in the list's order.
    package var tests: [PyramidLevel: [String]]

    /// A plan with its parts given.
    package init(tests: [PyramidLevel: [String]]) {
        self.tests = tests
    }

    /// The levels that have tests, bottom to top.
    package var levels: [PyramidLevel] { PyramidLevel.allCases.filter { !(tests[$0]?.isEmpty ?? true) } }

    /// Lists the tests of a built package's test binary, keeps those `filters` select (every
    /// test when there is none), and places each.
    ///
    /// - Parameters:
    ///   - bundle: The package's test binary.
    ///   - filters: `swift test --filter` patterns, applied as they are to the list's names.
    ///   - classifier: How a test's level is found.
    ///   - workFolder: Where the list (`test-list.txt`) and its event stream (`test-list.jsonl`) are kept.
    /// - Throws: ``SpecError`` when the list cannot be had or read, or a filter is not a regular expression.
    package static func make(bundle: TestBundle, filters: [String] = [], classifier: PyramidClassifier, workFolder: String) throws(SpecError) -> LevelPlan {
        do {
            try FileManager.default.createDirectory(atPath: workFolder, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateFolder(path: workFolder, reason: FileError.describe(error))
        }
        let listing = try bundle.list(streamPath: (workFolder as NSString).appendingPathComponent("test-list.jsonl"))
        try? AtomicFile.write(Data(listing.names.utf8), to: (workFolder as NSString).appendingPathComponent("test-list.txt"))
        return try make(list: listing.names, stream: EventStreamReader.read(listing.stream), filters: filters, classifier: classifier)
    }

    /// The plan of a list (`swift test list`'s output) and the run its event stream gives (the
    /// tests with their tags, none run).
    ///
    /// - Throws: ``SpecError/invalidFilter(_:reason:)`` for a filter that is not a regular expression.
    package static func make(list: String, stream: TestRun, filters: [String], classifier: PyramidClassifier) throws(SpecError) -> LevelPlan {
        var byName: [String: PyramidLevel] = [:]
        classifier.forEachTest(in: stream) { test, _, _, level, _ in
            byName[TestShard.listName(ofTestID: test.id)] = level
        }
        let names = TestList(parsing: list).entries.map { entry in
            (name: entry.fullName, module: entry.module)
        }
        let selected = Set(try ShardSelection.selecting(names.map(\.name), filters: filters))
        var tests: [PyramidLevel: [String]] = [:]
        for (name, module) in names where selected.contains(name) {
            tests[byName[name] ?? classifier.level(ofModule: module).level, default: []].append(name)
        }
        return LevelPlan(tests: tests)
    }
}
