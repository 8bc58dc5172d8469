import Foundation
import PyramidTestSupport
import Testing
@_spi(PyramidTools) @testable import XCResult

/// Every way a bundle or JSON file can be wrong gives an error naming the file and what was expected.
@Suite("Result bundles: bad input", .ownThread)
struct XCResultBadInputTests {
    let folder = TemporaryFolder("xcresult-bad", create: true)

    func expectError(_ paths: [String], json: Bool = false, _ reason: XCResultError.Reason, at path: String, saying words: String) {
        do {
            _ = json ? try XCResultBundle.read(json: paths) : try XCResultBundle.read(bundles: paths)
            Issue.record("read \(paths) without an error")
        } catch {
            #expect(error.reason == reason)
            #expect(error.path == path)
            #expect(error.description.hasPrefix(path + ": "))
            #expect(error.description.contains(words), "\(error.description)")
        }
    }

    func bundle(_ name: String, database: Data?) throws -> String {
        let path = folder.path(name)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Data("<plist/>".utf8).write(to: URL(fileURLWithPath: path + "/Info.plist"))
        if let database { try database.write(to: URL(fileURLWithPath: path + "/database.sqlite3")) }
        return path
    }

    @Test("a missing path, a file, an empty folder and a folder that is not a bundle")
    func notBundles() throws {
        expectError([folder.path("none.xcresult")], .missing, at: folder.path("none.xcresult"), saying: "no such file or folder")
        let file = folder.path("file.xcresult")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        expectError([file], .notABundle, at: file, saying: "expected a folder (such as Test.xcresult) holding Info.plist and database.sqlite3")
        let empty = folder.path("Empty.xcresult")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        expectError([empty], .emptyBundle, at: empty, saying: "the result bundle is empty")
        let other = folder.path("Other")
        try FileManager.default.createDirectory(atPath: other + "/Sub", withIntermediateDirectories: true)
        expectError([other], .notABundle, at: other, saying: "not an Xcode result bundle")
    }

    @Test("a bundle without its database says how to get one")
    func noDatabase() throws {
        let path = try bundle("Fresh.xcresult", database: nil)
        expectError([path], .noDatabase, at: path, saying: "xcrun xcresulttool get test-results summary --path")
        expectError([path], .noDatabase, at: path, saying: "--xcresult-json")
    }

    @Test("a truncated or corrupt database names the database file")
    func corruptDatabase() throws {
        let source = try #require(XCResultCorpus.bundle("Xcode16"), "the xcresult corpus is absent")
        let whole = try Data(contentsOf: URL(fileURLWithPath: source + "/database.sqlite3"))
        let truncated = try bundle("Truncated.xcresult", database: whole.prefix(whole.count / 3))
        expectError([truncated], .unreadableDatabase("database disk image is malformed"), at: truncated + "/database.sqlite3", saying: "may be truncated or corrupt")
        let garbage = try bundle("Garbage.xcresult", database: Data(repeating: 0x5A, count: 8192))
        expectError([garbage], .unreadableDatabase("file is not a database"), at: garbage + "/database.sqlite3", saying: "cannot be read as an SQLite database")
    }

    @Test("a database from a newer Xcode without a table or column names it")
    func unknownSchema() throws {
        let source = try #require(XCResultCorpus.bundle("Xcode26"), "the xcresult corpus is absent")
        let whole = try Data(contentsOf: URL(fileURLWithPath: source + "/database.sqlite3"))
        let noTable = try bundle("NoTable.xcresult", database: whole)
        try SQLiteDatabase(path: noTable + "/database.sqlite3", writable: true).execute("DROP TABLE RepetitionPolicies")
        expectError([noTable], .missingTable("RepetitionPolicies"), at: noTable + "/database.sqlite3", saying: "has no table RepetitionPolicies; the bundle may come from a newer Xcode")
        let noColumn = try bundle("NoColumn.xcresult", database: whole)
        try SQLiteDatabase(path: noColumn + "/database.sqlite3", writable: true).execute("ALTER TABLE TestCaseRuns DROP COLUMN result")
        expectError([noColumn], .missingColumn(table: "TestCaseRuns", column: "result"), at: noColumn + "/database.sqlite3", saying: "table TestCaseRuns has no column result")
    }

    @Test("JSON that is not xcresulttool's test results")
    func badJSON() throws {
        let cases: [(String, String)] = [
            ("invalid.json", "{\"testNodes\": ["),
            ("array.json", "[1, 2]"),
            ("other.json", "{\"tests\": []}"),
            ("untyped.json", "{\"testNodes\": [{\"name\": \"x\"}]}"),
        ]
        for (name, text) in cases {
            let path = folder.path(name)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            do {
                _ = try XCResultBundle.read(json: [path])
                Issue.record("\(name) was read")
            } catch {
                guard case .unreadableJSON(let why) = error.reason else { Issue.record("\(name): \(error)"); continue }
                #expect(error.description.hasPrefix(path + ": not the JSON of `xcresulttool get test-results tests`: "))
                #expect(!why.isEmpty)
            }
        }
        expectError([folder.path("none.json")], json: true, .missing, at: folder.path("none.json"), saying: "no such file")
    }
}
