import Foundation
public import TestEventStream

/// Xcode's result bundles (`.xcresult`) as test runs: what `xcodebuild test` and Xcode write,
/// read on any machine, with no Apple tool.
///
/// An Xcode 16+ bundle holds `database.sqlite3`, a plain SQLite database of the whole run;
/// ``read(bundles:attachmentsFolder:)`` reads it with the system's SQLite. ``read(json:)`` reads what
/// `xcrun xcresulttool get test-results tests --format json` printed instead. Both give the
/// same `TestRun` the living spec, the pyramid and JUnit are made from, with:
/// - each testable as a module (a UI test bundle's tests at the UI level of the pyramid);
/// - suites and cases of XCTest and Swift Testing, display names, tags and arguments;
/// - each repetition of a case as an attempt, so a case that failed and then passed on a retry
///   is `Outcome.flaky`;
/// - skips with their reasons, issues with their file and line, expected failures as known issues;
/// - the device and test plan configuration of each case, when the runs had several.
@_spi(PyramidTools) public enum XCResultBundle {
    /// Reads one or more bundles (one per device or configuration, say) as one run: the same
    /// test run in two places is one test with a result for each.
    ///
    /// - Parameters:
    ///   - paths: The `.xcresult` folders.
    ///   - attachmentsFolder: Where to extract the attachments whose payloads the bundles hold
    ///     (their `Data/` folder); nil lists attachments without extracting them.
    /// - Throws: ``XCResultError`` naming the bundle and what was expected of it.
    @_spi(PyramidTools) public static func read(bundles paths: [String], attachmentsFolder: String? = nil) throws(XCResultError) -> TestRun {
        var runs: [TestRun] = []
        var extractors: [AttachmentExtractor] = []
        for (index, path) in paths.enumerated() {
            // Each bundle's attachments in a folder of its own when there are several.
            let folder = attachmentsFolder.map { paths.count == 1 ? $0 : ($0 as NSString).appendingPathComponent("\(index + 1)") }
            let extractor = folder.flatMap { AttachmentExtractor(bundle: path, destination: $0) }
            runs.append(try readOne(bundle: path, extractor: extractor))
            if let extractor { extractors.append(extractor) }
        }
        var run = settled(joined(runs))
        // Only now, with every bundle read, is anything written.
        var failed: Set<String> = []
        for extractor in extractors {
            failed.formUnion(extractor.extractAll())
            run.diagnostics += extractor.diagnostics
        }
        if !failed.isEmpty { forget(failed, in: &run) }
        return run
    }

    /// Attachments whose payloads could not be extracted keep their names but lose their paths.
    private static func forget(_ paths: Set<String>, in run: inout TestRun) {
        func visit(_ node: inout TestNode) {
            for index in node.cases.indices {
                for at in node.cases[index].attachments.indices where node.cases[index].attachments[at].path.map(paths.contains) == true {
                    node.cases[index].attachments[at].path = nil
                }
            }
            for index in node.children.indices { visit(&node.children[index]) }
        }
        for index in run.modules.indices { visit(&run.modules[index]) }
    }

    /// Reads one or more files of `xcresulttool get test-results tests --format json` output as one run.
    ///
    /// - Throws: ``XCResultError`` naming the file and what is wrong with it.
    @_spi(PyramidTools) public static func read(json paths: [String]) throws(XCResultError) -> TestRun {
        var runs: [TestRun] = []
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw XCResultError(FileManager.default.fileExists(atPath: path) ? .unreadableJSON("the file cannot be read") : .missing, path: path)
            }
            runs.append(try XCResultJSONReader(path: path).read(data))
        }
        return settled(joined(runs))
    }

    /// The database file of the bundle at `path`, checked: it is there, and the bundle is one.
    package static func databasePath(ofBundle path: String) throws(XCResultError) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw XCResultError(.missing, path: path) }
        guard isFolder.boolValue else { throw XCResultError(.notABundle, path: path) }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        if contents.filter({ !$0.hasPrefix(".") }).isEmpty { throw XCResultError(.emptyBundle, path: path) }
        let database = (path as NSString).appendingPathComponent("database.sqlite3")
        if FileManager.default.fileExists(atPath: database) { return database }
        if contents.contains("Info.plist") { throw XCResultError(.noDatabase, path: path) }
        throw XCResultError(.notABundle, path: path)
    }

    private static func readOne(bundle path: String, extractor: AttachmentExtractor?) throws(XCResultError) -> TestRun {
        let database = try databasePath(ofBundle: path)
        do {
            return try XCResultDatabaseReader(database: SQLiteDatabase(path: database), extractor: extractor).read()
        } catch {
            // Name the bundle the user gave, and the file inside it.
            throw XCResultError(error.reason, path: error.path == database ? database : path)
        }
    }

    /// Runs joined into one: modules by name, suites and tests by id; a test in several runs
    /// keeps a result for each.
    static func joined(_ runs: [TestRun]) -> TestRun {
        guard var result = runs.first else {
            return TestRun(modules: [], diagnostics: [], streamVersion: nil, duration: nil, startedAt: nil)
        }
        for run in runs.dropFirst() {
            result.modules = merge(result.modules, run.modules)
            result.diagnostics += run.diagnostics
            if let start = run.startedAt, let end = run.duration.map({ start + $0 }) {
                let first = min(result.startedAt ?? start, start)
                let last = max((result.startedAt ?? start) + (result.duration ?? 0), end)
                result.startedAt = first
                result.duration = last - first
            }
        }
        return result
    }

    private static func merge(_ left: [TestNode], _ right: [TestNode]) -> [TestNode] {
        var nodes = left
        for node in right {
            guard let at = nodes.firstIndex(where: { $0.id == node.id && $0.kind == node.kind }) else {
                nodes.append(node)
                continue
            }
            if node.kind == .function {
                if (nodes[at].skipReason == nil) != (node.skipReason == nil) {
                    // Skipped in one place and run in the other: the test ran. Its skipped
                    // cases keep their own reason (the readers set it on every case).
                    nodes[at].skipReason = nil
                }
                nodes[at].cases += node.cases
                nodes[at].duration = (nodes[at].duration ?? 0) + (node.duration ?? 0)
                nodes[at].isParameterized = nodes[at].isParameterized || node.isParameterized
            } else {
                nodes[at].children = merge(nodes[at].children, node.children)
                nodes[at].duration = (nodes[at].duration ?? 0) + (node.duration ?? 0)
            }
        }
        return nodes
    }

    /// Destinations are shown only when the run had several: with one device and one
    /// configuration, every case's would say the same.
    static func settled(_ run: TestRun) -> TestRun {
        var places: Set<String> = []
        for test in run.tests { for testCase in test.cases { places.insert(testCase.destination ?? "") } }
        guard places.count <= 1 else { return run }
        var run = run
        func clear(_ node: inout TestNode) {
            for index in node.cases.indices { node.cases[index].destination = nil }
            for index in node.children.indices { clear(&node.children[index]) }
        }
        for index in run.modules.indices { clear(&run.modules[index]) }
        return run
    }
}
