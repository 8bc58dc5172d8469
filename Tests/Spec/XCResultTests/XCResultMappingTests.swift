import Foundation
import LivingSpec
import PyramidTestSupport
import Testing
import TestEventStream
@_spi(PyramidTools) @testable import XCResult

/// How a bundle's rows become the run: suites, cases, arguments, tags, skips, issues, times,
/// attachments, expected failures, devices, and the JSON giving the same spec as the database.
@Suite("Result bundles: what each row becomes", .ownThread)
struct XCResultMappingTests {
    static func corpusRun(_ version: String) throws -> TestRun {
        try XCResultBundle.read(bundles: [try #require(XCResultCorpus.bundle(version), "the xcresult corpus is absent")])
    }

    static func test(_ run: TestRun, _ name: String) throws -> TestNode {
        try #require(run.tests.first { $0.name == name }, "no test \(name)")
    }

    @Test("testables are modules; suites nest with display names; XCTest and Swift Testing are told apart")
    func tree() throws {
        let run = try Self.corpusRun("Xcode16")
        #expect(run.modules.map(\.name) == ["FastlaneTrainerExampleTests", "FastlaneTrainerExampleXCTests", "FastlaneTrainerExampleUITests"])
        #expect(run.modules.map(\.bundleKind) == [.unit, .unit, .ui])
        let root = try #require(run.modules.first?.children.first)
        #expect(root.name == "FastlaneTrainerTests")
        #expect(root.title == "FastlaneTrainer Tests")
        #expect(root.children.filter { $0.kind == .suite }.map(\.title) == [
            "Math Operations", "String Operations", "Content Management", "User Management", "Test Skipping Demonstrations",
        ])
        let counts = run.frameworkCounts
        #expect(counts.swiftTesting == 30)
        #expect(counts.xctest == 18)
        #expect(try Self.test(run, "testArithmetic()").title == "Basic arithmetic")
        #expect(try Self.test(run, "testA_FirstTest()").framework == .xctest)
    }

    @Test("parameterised cases keep their arguments; tags are kept")
    func argumentsAndTags() throws {
        let run = try Self.corpusRun("Xcode16")
        let settings = try Self.test(run, "testPrivacySettings(_:)")
        #expect(settings.isParameterized)
        #expect(Set(settings.cases.compactMap(\.arguments)) == [
            "(setting: \"email\", isPrivate: true)", "(setting: \"name\", isPrivate: false)", "(setting: \"profile\", isPrivate: true)",
        ])
        #expect(settings.cases.count == 3)
        #expect(Set(try Self.test(run, "testBasicString()").tags) == ["basic", "string", "validation"])
    }

    @Test("skips keep their reasons; issues their file, line and every line of their text")
    func skipsAndIssues() throws {
        let run = try Self.corpusRun("Xcode16")
        #expect(try Self.test(run, "testProductionConfig()").skipReason == "Test only runs in production")
        let password = try Self.test(run, "testPasswordLength()")
        let issue = try #require(password.cases.first?.issues.first)
        #expect(issue.kind == .failure)
        #expect(issue.message == "Expectation failed: (password.count → 11) < 8\nPassword 'justbarely8' is too short")
        #expect(issue.place == SourcePlace(fileID: "FastlaneTrainerExampleTests/FastlaneTrainerExampleTests.swift", line: 162))
        let markdown = SpecDocument(run: run, title: "t").markdown
        #expect(markdown.contains("      Password 'justbarely8' is too short\n"))
    }

    @Test("Xcode 26 gives Swift Testing's durations in whole seconds: the spec says \"under 1 s\" and \"2 s\", not \"0.00 ms\"; XCTest's, and Xcode 16's, keep their precision")
    func wholeSecondDurations() throws {
        let run = try Self.corpusRun("Xcode26")
        let arithmetic = try Self.test(run, "testArithmetic()")
        #expect(arithmetic.framework == .swiftTesting && arithmetic.durationsInWholeSeconds)
        #expect(arithmetic.cases.first?.earlierAttempts.first?.duration == 0, "the database's own value is kept")
        #expect(try !Self.test(run, "testLaunch()").durationsInWholeSeconds, "an XCTest test of the same bundle")
        #expect(try Self.corpusRun("Xcode16").tests.allSatisfy { !$0.durationsInWholeSeconds })
        let document = SpecDocument(run: run, title: "t")
        for text in [document.markdown, document.html] {
            #expect(text.contains("attempt 1 of 2: passed in under 1 s"), "\(text.prefix(500))")
            #expect(text.contains("attempt 2 of 2: passed in 2 s"))
            #expect(!text.contains("passed in 0.00 ms"))
        }
    }

    @Test("durations, start times, and attachments with their types")
    func timesAndAttachments() throws {
        let run = try Self.corpusRun("Xcode26")
        #expect(run.startedAt == 787_452_611.228 + 978_307_200 || abs((run.startedAt ?? 0) - (787_452_611.228 + 978_307_200)) < 0.01)
        #expect(abs((run.duration ?? 0) - 167.76) < 0.01)
        let launch = try Self.test(run, "testLaunch()")
        #expect(launch.cases.count == 4)
        #expect(launch.cases.allSatisfy { $0.startedAt != nil && ($0.duration ?? 0) > 1 })
        let attachments = launch.cases.flatMap(\.attachments)
        #expect(attachments.count == 4)
        #expect(attachments.allSatisfy { $0.name == "Launch Screen" && $0.type == "public.png" && $0.path == nil })
        #expect(attachments.allSatisfy { $0.missing == "not in the bundle" }, "the corpus's bundles hold no Data/ folder: each attachment says it is not there")
        let document = SpecDocument(run: run, title: "t")
        #expect(document.markdown.contains("- 📎 Launch Screen (public.png)"))
        #expect(document.html.contains("<span class=\"time\" title=\"started 2025-"))
        #expect(document.junit.contains(
            "<testcase name=\"testLaunch() (1, 1)\" classname=\"FastlaneTrainerExampleUITests.FastlaneTrainerExampleUITestsLaunchTests\" time=\"8.836\" timestamp=\"2025-12-15T00:52:24Z\">"))
        // Attachments of an issue belong to the case whose attempt recorded it.
        let failing = try Self.test(run, "testBasicNavigation()")
        #expect(failing.cases.flatMap { $0.earlierAttempts.flatMap(\.issues) + $0.issues }.count == 2)
        #expect(failing.cases.first?.attachments.map(\.type) == [
            "public.plain-text", "com.apple.dt.xctest.element-snapshot", "public.plain-text", "com.apple.dt.xctest.element-snapshot",
        ])
    }

    @Test("an expected failure is a known issue, not a failure")
    func expectedFailure() throws {
        let copy = try EditedBundle("Xcode16") { database in
            try database.execute("""
                INSERT INTO ExpectedFailures (testCaseRun_fk, issue_fk, failureReason, isTopLevelFailure, orderInOwner)
                  SELECT testCaseRun_fk, rowid, 'Bug 123: flaky clock', 1, 0 FROM TestIssues
                  WHERE testCaseRun_fk IN (SELECT r.rowid FROM TestCaseRuns r JOIN TestCases c ON c.rowid = r.testCase_fk WHERE c.name = 'testBasicAssertions()');
                UPDATE TestCaseRuns SET result = 'Expected Failure'
                  WHERE testCase_fk = (SELECT rowid FROM TestCases WHERE name = 'testBasicAssertions()');
                """)
        }
        let run = try XCResultBundle.read(bundles: [copy.path])
        let test = try Self.test(run, "testBasicAssertions()")
        #expect(test.outcome == .knownIssue)
        #expect(test.cases.first?.issues.first?.kind == .knownIssue)
        #expect(test.cases.first?.issues.first?.details == ["Bug 123: flaky clock"])
    }

    @Test("two bundles from two devices: one test with a result on each, each marked with its device")
    func twoDevices() throws {
        let run = try XCResultBundle.read(bundles: [
            try #require(XCResultCorpus.bundle("Xcode16")), try #require(XCResultCorpus.bundle("Xcode26")),
        ])
        #expect(run.tests.count == 48)
        let test = try Self.test(run, "testA_FirstTest()")
        #expect(test.cases.map(\.destination) == ["iPhone 16 Pro (18.2) · MyTestPlanConfig", "iPhone 17 Pro Max (26.1) · MyTestPlanConfig"])
        let markdown = SpecDocument(run: run, title: "t").markdown
        #expect(markdown.contains("  - ✅ iPhone 17 Pro Max (26.1) · MyTestPlanConfig\n"))
        let junit = SpecDocument(run: run, title: "t").junit
        #expect(junit.contains("name=\"testA_FirstTest() [iPhone 16 Pro (18.2) · MyTestPlanConfig]\""))
        // One bundle, one device: no case is marked.
        #expect(try Self.corpusRun("Xcode16").tests.allSatisfy { $0.cases.allSatisfy { $0.destination == nil } })
    }

    @Test("a bundle's attachment payloads (zstd frames in Data/) are extracted beside the spec")
    func extractedAttachments() throws {
        let zstd = try #require(Zstd.system, "libzstd is on every machine that runs SwiftPM")
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 300))
        let copy = try EditedBundle("Xcode26") { _ in }
        let ids = try SQLiteDatabase(path: copy.path + "/database.sqlite3").rows(
            "SELECT xcResultKitPayloadRefId FROM Attachments WHERE name = 'Launch Screen' ORDER BY rowid").compactMap { $0[0].string }
        #expect(ids.count == 4)
        try FileManager.default.createDirectory(atPath: copy.path + "/Data", withIntermediateDirectories: true)
        for id in Set(ids) { try zstd.compress(png).write(to: URL(fileURLWithPath: copy.path + "/Data/data." + id)) }
        let folder = copy.folder.path("attachments")
        let run = try XCResultBundle.read(bundles: [copy.path], attachmentsFolder: folder)
        let paths = try Self.test(run, "testLaunch()").cases.flatMap(\.attachments).compactMap(\.path)
        #expect(paths.count == 4)
        #expect(Set(paths).count == 4)
        for path in paths {
            #expect(path.hasPrefix(folder + "/Launch Screen_0_"))
            #expect(FileManager.default.contents(atPath: path) == png)
        }
        #expect(run.diagnostics.isEmpty)
        #expect(SpecDocument(run: run, title: "t").html.contains("<a href=\"file://"))

        // A payload that is not a zstd frame: the attachment is listed without a path, and the run says why.
        try Data("not zstd".utf8).write(to: URL(fileURLWithPath: copy.path + "/Data/data." + ids[0]))
        let broken = try XCResultBundle.read(bundles: [copy.path], attachmentsFolder: copy.folder.path("again"))
        #expect(broken.diagnostics.contains { $0.severity == .error && $0.message.contains("cannot be decompressed") && $0.message.contains("data." + ids[0]) })
    }

    @Test("Xcode 26's JSON and its database give the same spec")
    func bothPaths() throws {
        let bundle = try #require(XCResultCorpus.bundle("Xcode26"), "the xcresult corpus is absent")
        let json = try #require(XCResultCorpus.json("Xcode26"))
        // What the JSON does not carry is set aside: start times, attachments, and the values
        // of a UI test's launch configurations (the database keeps "1, 4", the JSON names them).
        // Where Xcode's two outputs disagree, so do we: the JSON prints a newline argument as a
        // space, and some durations differ (the database has 0 s for the first run of
        // "Password length requirements", the JSON 4 ms), so arguments are compared with
        // newlines as spaces and durations are set aside. xcresulttool lists failed nodes
        // first, so both trees are put in one order.
        func comparable(_ run: TestRun) -> TestRun {
            var run = run
            run.startedAt = nil
            run.duration = nil
            func visit(_ node: inout TestNode) {
                node.children.sort { $0.id < $1.id }
                for index in node.children.indices { visit(&node.children[index]) }
                for index in node.cases.indices {
                    node.cases[index].arguments = node.cases[index].arguments?.replacingOccurrences(of: "\n", with: " ")
                    node.cases[index].attachments = []
                    node.cases[index].startedAt = nil
                    node.cases[index].duration = nil
                    for at in node.cases[index].earlierAttempts.indices {
                        node.cases[index].earlierAttempts[at].duration = nil
                        node.cases[index].earlierAttempts[at].startedAt = nil
                    }
                    if node.id.contains("LaunchTests") { node.cases[index].arguments = "configuration \(index)" }
                }
                node.cases.sort { ($0.arguments ?? "") < ($1.arguments ?? "") }
                node.duration = nil
            }
            for index in run.modules.indices { visit(&run.modules[index]) }
            return run
        }
        let fromDatabase = SpecDocument(run: comparable(try XCResultBundle.read(bundles: [bundle])), title: "t")
        let fromJSON = SpecDocument(run: comparable(try XCResultBundle.read(json: [json])), title: "t")
        #expect(fromDatabase.run.tests.count == 48)
        if let dump = ProcessInfo.processInfo.environment["PYRAMID_XCRESULT_DUMP"] {
            try fromDatabase.markdown.write(toFile: dump + ".db.md", atomically: true, encoding: .utf8)
            try fromJSON.markdown.write(toFile: dump + ".json.md", atomically: true, encoding: .utf8)
        }
        let (a, b) = (fromDatabase.markdown.split(separator: "\n"), fromJSON.markdown.split(separator: "\n"))
        let differing = zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }.prefix(5).map { "\($0.offset): \($0.element.0)\n   \($0.element.1)" }
        #expect(a.count == b.count)
        #expect(differing.isEmpty, "\(differing.joined(separator: "\n"))")
        #expect(fromDatabase.junit == fromJSON.junit)
    }
}

/// A writable copy of a corpus bundle, edited with SQL.
struct EditedBundle {
    let folder: TemporaryFolder
    let path: String

    init(_ version: String, edit: (SQLiteDatabase) throws -> Void) throws {
        folder = TemporaryFolder("xcresult-edited", create: true)
        path = folder.path("Edited.xcresult")
        let source = try #require(XCResultCorpus.bundle(version), "the xcresult corpus (../shared/peer-data/xcresult) is absent")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for name in ["Info.plist", "database.sqlite3"] {
            let target = (path as NSString).appendingPathComponent(name)
            try FileManager.default.copyItem(atPath: (source as NSString).appendingPathComponent(name), toPath: target)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target)
        }
        try edit(try SQLiteDatabase(path: (path as NSString).appendingPathComponent("database.sqlite3"), writable: true))
    }
}
