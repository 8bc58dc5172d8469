import Foundation
import PyramidTestSupport
import Testing

/// `pyramid spec --xcresult` and `--xcresult-json`: an Xcode run's spec, its exit status and its errors.
@Suite("pyramid spec from Xcode's results")
struct SpecXcodeCommandTests {
    let folder = TemporaryFolder("pyramid-xcresult", create: true)

    static var corpus: String? {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/peer-data/xcresult/cases")
        return FileManager.default.fileExists(atPath: url.path) ? url.path : nil
    }

    /// xcresulttool's JSON for one passing test and one that failed, then passed on its retry.
    static let flakyJSON = """
        {"devices": [{"deviceId": "D1", "deviceName": "iPhone 16", "osVersion": "18.2"}],
         "testPlanConfigurations": [{"configurationId": "1", "configurationName": "Default"}],
         "testNodes": [{"name": "Plan", "nodeType": "Test Plan", "result": "Passed", "children": [
           {"name": "ShopTests", "nodeType": "Unit test bundle", "result": "Passed", "children": [
             {"name": "CartTests", "nodeType": "Test Suite", "result": "Passed", "children": [
               {"name": "testTotal()", "nodeIdentifier": "CartTests/testTotal()", "nodeType": "Test Case", "result": "Passed", "duration": "0,01s"},
               {"name": "testCheckout()", "nodeIdentifier": "CartTests/testCheckout()", "nodeType": "Test Case", "result": "Passed", "children": [
                 {"name": "Retry 1", "nodeIdentifier": "1", "nodeType": "Repetition", "result": "Failed", "duration": "1s", "children": [
                   {"name": "CartTests.swift:42: XCTAssertEqual failed: (\\"1\\") is not equal to (\\"2\\")", "nodeType": "Failure Message", "result": "Failed"}]},
                 {"name": "Retry 2", "nodeIdentifier": "2", "nodeType": "Repetition", "result": "Passed", "duration": "1s"}]}]}]}]}]}
        """

    @Test("a corpus bundle: the spec's three files, its summary and pyramid, exit 1 for its failures")
    func bundle() async throws {
        guard let corpus = Self.corpus else { Issue.record("the xcresult corpus (../shared/peer-data/xcresult) is absent"); return }
        let run = try await CLI.run([
            "spec", "--xcresult", corpus + "/Xcode26-Mixed-XCTest-SwiftTesting.xcresult", "--output", folder.path("out"),
        ])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("Living spec: 48 tests — 13 failed, 7 skipped, 28 passed"))
        #expect(run.stdout.contains("✘ UI › FastlaneTrainerExampleUITests › testBasicNavigation() [FastlaneTrainerExampleUITests]"))
        for name in ["spec.md", "spec.html", "junit.xml"] {
            #expect(FileManager.default.fileExists(atPath: folder.path("out/\(name)")))
        }
    }

    @Test("a flaky test passes the run, and fails it with --fail-on-flaky")
    func failOnFlaky() async throws {
        let json = folder.path("tests.json")
        try Data(Self.flakyJSON.utf8).write(to: URL(fileURLWithPath: json))
        let passing = try await CLI.run(["spec", "--xcresult-json", json, "--output", folder.path("a")])
        #expect(passing.status == 0, "\(passing.stderr)")
        #expect(passing.stdout.hasPrefix("Living spec: 2 tests — 1 flaky, 1 passed"))
        #expect(passing.stdout.contains("↻ Unit › CartTests › testCheckout() [ShopTests]: flaky, failed on attempt 1, passed on attempt 2"))
        let junit = try String(contentsOfFile: folder.path("a/junit.xml"), encoding: .utf8)
        #expect(junit.contains("<flakyFailure message=\"XCTAssertEqual failed: (&quot;1&quot;) is not equal to (&quot;2&quot;)\" type=\"failure\"><stackTrace>"))
        let strict = try await CLI.run(["spec", "--xcresult-json", json, "--fail-on-flaky", "--output", folder.path("b")])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("1 test passed only when run again, and --fail-on-flaky is set"))
    }

    @Test("a bundle that cannot be read: exit 2, a message naming it, nothing written")
    func badBundle() async throws {
        let bundle = folder.path("Fresh.xcresult")
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        try Data("<plist/>".utf8).write(to: URL(fileURLWithPath: bundle + "/Info.plist"))
        let run = try await CLI.run(["spec", "--xcresult", bundle, "--output", folder.path("out")])
        #expect(run.status == 2)
        #expect(run.stderr.contains("\(bundle): the result bundle has no database.sqlite3"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
        let both = try await CLI.run(["spec", "--xcresult", bundle, "--xcresult-json", bundle, "--output", folder.path("out")])
        #expect(both.status != 0)
        #expect(both.stderr.contains("give one of them"))
    }

    @Test("pyramid merge joins bundles from two devices into one spec; a bad one leaves nothing behind")
    func mergeBundles() async throws {
        guard let corpus = Self.corpus else { Issue.record("the xcresult corpus (../shared/peer-data/xcresult) is absent"); return }
        let bundles = ["Xcode16", "Xcode26"].map { corpus + "/\($0)-Mixed-XCTest-SwiftTesting.xcresult" }
        let merged = try await CLI.run(["merge"] + bundles + ["-o", folder.path("merged")])
        #expect(merged.status == 1)
        #expect(merged.stdout.hasPrefix("Merged 2 result bundles into \(folder.path("merged"))"))
        #expect(merged.stdout.contains("48 tests — "))
        let junit = try String(contentsOfFile: folder.path("merged/junit.xml"), encoding: .utf8)
        #expect(junit.contains("testA_FirstTest() [iPhone 16 Pro (18.2) · MyTestPlanConfig]"))
        #expect(junit.contains("testA_FirstTest() [iPhone 17 Pro Max (26.1) · MyTestPlanConfig]"))

        let again = try await CLI.run(["merge"] + bundles + ["-o", folder.path("merged")])
        #expect(again.status == 2)
        #expect(again.stderr.contains(folder.path("merged")))

        let fresh = folder.path("Fresh.xcresult")
        try FileManager.default.createDirectory(atPath: fresh, withIntermediateDirectories: true)
        try Data("<plist/>".utf8).write(to: URL(fileURLWithPath: fresh + "/Info.plist"))
        let bad = try await CLI.run(["merge", bundles[0], fresh, "-o", folder.path("bad")])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("\(fresh): the result bundle has no database.sqlite3"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("bad") }
        #expect(leftovers.isEmpty, "\(leftovers)")

        let mixed = try await CLI.run(["merge", bundles[0], folder.path("merged"), "-o", folder.path("mixed")])
        #expect(mixed.status != 0)
        #expect(mixed.stderr.contains("give shard folders or Xcode result bundles, not both"))
    }

    @Test("pyramid merge --history: two devices' bundles are one run of the history, at the bundles' own time; merged again, still one run")
    func mergeBundlesIntoHistory() async throws {
        guard let corpus = Self.corpus else { Issue.record("the xcresult corpus (../shared/peer-data/xcresult) is absent"); return }
        let bundles = ["Xcode16", "Xcode26"].map { corpus + "/\($0)-Mixed-XCTest-SwiftTesting.xcresult" }
        let history = folder.path("history")
        for output in ["first", "second"] {
            let merged = try await CLI.run(["merge"] + bundles + ["-o", folder.path(output), "--history", history])
            #expect(merged.status == 1, "\(merged.stderr)")
        }
        let records = try HistoryFile.runs(history + "/history.jsonl")
        #expect(records.count == 2)
        #expect(Set(records.map { $0["run"] as? String }).count == 1, "the same bundles merged twice are one run")
        let record = try #require(records.first)
        let tests = try #require(record["tests"] as? [[String: Any]])
        // The 48 results of the merge (each test once per device) under their identities.
        #expect(tests.count == 48)
        #expect(tests.allSatisfy { $0["level"] is String })
        let time = try #require(record["time"] as? Double)
        #expect(time > 1_700_000_000 && time < Date().timeIntervalSince1970 - 86_400, "the bundles ran long before this test: \(time)")

        let trends = try await CLI.run(["trends", history, "--format", "json"])
        #expect(trends.status == 0, "\(trends.stderr)")
        let report = try #require(JSONSerialization.jsonObject(with: Data(trends.stdout.utf8)) as? [String: Any])
        let periods = try #require(report["periods"] as? [[String: Any]])
        #expect(periods.compactMap { $0["runs"] as? Int }.reduce(0, +) == 1)

        let spec = try String(contentsOfFile: folder.path("second/spec.html"), encoding: .utf8)
        #expect(spec.contains("<a href=\"trends.html\">"))
        #expect(FileManager.default.fileExists(atPath: folder.path("second/trends.html")))

        let single = try await CLI.run(["spec", "--xcresult", bundles[0], "--output", folder.path("one"), "--history", folder.path("one-history")])
        #expect(single.status == 1, "\(single.stderr)")
        let one = try HistoryFile.runs(folder.path("one-history/history.jsonl"))
        #expect(one.count == 1 && (one.first?["tests"] as? [Any])?.count == 48, "the Xcode 16 bundle's 48 tests")
    }
}
