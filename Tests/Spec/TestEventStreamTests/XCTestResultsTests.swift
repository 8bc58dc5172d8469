import Foundation
import Testing

@_spi(PyramidTools) @testable import TestEventStream

/// XCTest's results read from a real run of Tests/Spec/LivingSpecTests/Fixtures/MixedPackage
/// (recorded by scripts/record-spec-fixture): its console output, `swift test list`, and the
/// xUnit file of a parallel run. The package has 5 XCTest tests in 2 modules and 2 Swift Testing tests.
@Suite("XCTest results")
struct XCTestResultsTests {
    func text(_ name: String) throws -> String {
        String(decoding: try SampleStream.data(name), as: UTF8.self)
    }

    @Test("the console output gives every XCTest method with its outcome, duration, failure and skip reason")
    func consoleOutput() throws {
        let records = XCTestLogReader.read(try text("mixed-console.txt"))
        #expect(records.count == 5)
        #expect(records.map { "\($0.className).\($0.method) \($0.outcome.rawValue)" } == [
            "LoginXCTests.testBiometricLogin skipped",
            "LoginXCTests.testInvalidEmailShowsError failed",
            "LoginXCTests.testValidEmailIsAccepted passed",
            "ProfileXCTests.testAvatarLoads passed",
            "ProfileXCTests.testLogoutAsksForConfirmation passed",
        ])
        #expect(records.allSatisfy { $0.duration != nil })
        #expect(records[0].skipReason == "Face ID is not available on Linux")

        let failure = try #require(records[1].failures.first)
        #expect(records[1].failures.count == 1)
        #expect(failure.file == "/recorded/MixedPackage/Tests/LoginTests/LoginXCTests.swift")
        #expect(failure.line == 11)
        // The message keeps its lines, and ends where XCTest's own next line begins.
        #expect(failure.message == """
            XCTAssertEqual failed: ("invalid-email") is not equal to ("invalid-email@") - the error message differs:
            − メールアドレスの形式が正しくありません
            + Invalid email
            """)
    }

    @Test("Swift Testing's lines, prints and summaries in the same output are passed over")
    func mixedNoise() {
        let output = """
            Test Case 'A.testOne' started at 2026-11-23 10:00:00.000
            some print from the test
            Test Case 'A.testOne' passed (0.5 seconds)
            ◇ Test run started.
            ✘ Test "x" recorded an issue at X.swift:1:1: Expectation failed
            ↳ line
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.5 (0.5) seconds
            Test Case '-[Mod.B testTwo]' started.
            /src/Tests/Mod/B.swift:3: error: -[Mod.B testTwo] : failed - first
            second
            Test Case '-[Mod.B testTwo]' failed (1.250 seconds).
            """
        let records = XCTestLogReader.read(output)
        #expect(records.count == 2)
        #expect(records[0] == XCTestRecord(module: nil, className: "A", method: "testOne", outcome: .passed, duration: 0.5))
        #expect(records[1].className == "B" && records[1].method == "testTwo" && records[1].duration == 1.25)
        #expect(records[1].failures == [XCTestRecord.Failure(message: "failed - first\nsecond", file: "/src/Tests/Mod/B.swift", line: 3)])
    }

    @Test("a skip without a reason reads as an empty reason, so the spec says \"skipped\" once")
    func skipWithoutReason() throws {
        let console = XCTestLogReader.read("""
            Test Case '-[Mod.A testSkipped]' started.
            /src/Tests/Mod/A.swift:7: Test skipped
            Test Case '-[Mod.A testSkipped]' skipped (0.001 seconds).
            """)
        #expect(console.map(\.outcome) == [.skipped])
        #expect(console.map(\.skipReason) == [""])
        let xunit = try XUnitReader.read(Data("""
            <testsuites><testsuite name="Mod"><testcase classname="Mod.A" name="testSkipped" time="0"><skipped/></testcase>\
            <testcase classname="Mod.A" name="testWhy" time="0"><skipped message="no camera"/></testcase></testsuite></testsuites>
            """.utf8), path: "x.xml")
        #expect(xunit.map(\.skipReason) == ["", "no camera"])
    }

    @Test("an output with no XCTest lines gives no records")
    func none() {
        #expect(XCTestLogReader.read("◇ Test run started.\n✔ Test run with 2 tests passed.\n").isEmpty)
    }

    @Test("the xUnit file gives module, class, method, outcome and time")
    func xunit() throws {
        let records = try XUnitReader.read(try SampleStream.data("mixed-xunit.xml"), path: "mixed-xunit.xml")
        #expect(records.count == 5)
        #expect(Set(records.map { "\($0.module ?? "?").\($0.className)/\($0.method)" }) == [
            "LoginTests.LoginXCTests/testBiometricLogin", "LoginTests.LoginXCTests/testInvalidEmailShowsError",
            "LoginTests.LoginXCTests/testValidEmailIsAccepted", "LegacyTests.ProfileXCTests/testAvatarLoads",
            "LegacyTests.ProfileXCTests/testLogoutAsksForConfirmation",
        ])
        #expect(records.filter { $0.outcome == .failed }.map(\.method) == ["testInvalidEmailShowsError"])
        #expect(records.allSatisfy { ($0.duration ?? -1) >= 0 })
    }

    @Test("a file that is not xUnit is an error naming the file and why")
    func badXUnit() {
        #expect(throws: XUnitReader.Failure(path: "x.xml", reason: "its root element is <html>, not <testsuites> or <testsuite>")) {
            try XUnitReader.read(Data("<html></html>".utf8), path: "x.xml")
        }
        let broken = #expect(throws: XUnitReader.Failure.self) { try XUnitReader.read(Data("<testsuites><testcase".utf8), path: "y.xml") }
        #expect(broken?.description.hasPrefix("y.xml: not an xUnit file: ") == true)
        let missing = #expect(throws: XUnitReader.Failure.self) { try XUnitReader.read(contentsOf: "/nonexistent/x.xml") }
        #expect(missing?.path == "/nonexistent/x.xml")
    }

    @Test("fuzz findings: XMLDocument crashed on an unknown encoding, XMLParser on any processing instruction; each is now an error naming the file and line")
    func foundationXMLCrashes() throws {
        let suite = #"<testsuites><testsuite name="T"><testcase classname="M.C" name="a"/></testsuite></testsuites>"#
        let cases: [(String, String)] = [
            (#"<?xml version="1.0" encoding="ULF-8"?>"# + suite, "not XML it can read: line 1: encoding ULF-8 is not read: these files are UTF-8"),
            ("<?n?>", "not XML it can read: line 1: no root element"),
            (#"<testsuites><testsuite name="T"><testcase classname="M.C" name="a">"#, "not XML it can read: line 1: the file ends inside <testcase>: it was cut short"),
            ("<testsuites>\n<testcase name=\"a\" name=\"b\"/></testsuites>", "not XML it can read: line 2: attribute name twice in <testcase>"),
            ("<testsuites></testsuite>", "not XML it can read: line 1: </testsuite> closes <testsuites>"),
            (#"<!DOCTYPE x [<!ENTITY a "aaaa">]><testsuites/>"#, "not XML it can read: line 1: a DOCTYPE or declaration (not used by these files) is not read"),
        ]
        for (text, reason) in cases {
            #expect(throws: XUnitReader.Failure(path: "odd.xml", reason: reason), "\(text)") { try XUnitReader.read(Data(text.utf8), path: "odd.xml") }
        }
        // A processing instruction, a comment, CDATA and references around a real suite read as expected.
        let records = try XUnitReader.read(Data(("<?xml version='1.0' encoding='utf-8'?><?other x?><!-- c --><testsuites>" +
            #"<testsuite name="T"><testcase classname="M.C" name="a &amp; b"><failure message="m"><![CDATA[x < y]]></failure></testcase>"# +
            "</testsuite></testsuites>").utf8), path: "ok.xml")
        #expect(records.map(\.method) == ["a & b"] && records.first?.failures.first?.message == "x < y")
    }

    @Test("fuzz finding: an empty xUnit file crashed FoundationXML; it is now an error naming the file")
    func emptyXUnit() throws {
        #expect(throws: XUnitReader.Failure(path: "empty.xml", reason: "not XML it can read: line 1: the file is empty")) { try XUnitReader.read(Data(), path: "empty.xml") }
        #expect(throws: XUnitReader.Failure(path: "blank.xml", reason: "not XML it can read: line 1: the file holds only blanks")) {
            try XUnitReader.read(Data(" \n\t\r\n".utf8), path: "blank.xml")
        }
    }

    @Test("swift test list names each XCTest class's module and tells the frameworks apart")
    func list() throws {
        let list = TestList(parsing: try text("mixed-list.txt"))
        #expect(list.entries.count == 7)
        #expect(list.frameworks == [.xctest, .swiftTesting])
        #expect(list.module(ofXCTestClass: "ProfileXCTests") == "LegacyTests")
        #expect(list.module(ofXCTestClass: "LoginXCTests") == "LoginTests")
        #expect(list.entries.filter { $0.framework == .swiftTesting }.map(\.name) == ["shortPassword()", "validLogin()"])
    }

    @Test("folded into the Swift Testing run: both frameworks side by side, per module and overall")
    func merged() throws {
        let swiftTesting = EventStreamReader.read(try SampleStream.data("mixed-events.jsonl"), loadAttachment: { _ in nil })
        #expect(swiftTesting.tests.count == 2)
        let run = swiftTesting.adding(
            xctest: XCTestLogReader.read(try text("mixed-console.txt")), list: TestList(parsing: try text("mixed-list.txt")))
        #expect(run.tests.count == 7)
        #expect(run.frameworkCounts == FrameworkCounts(swiftTesting: 2, xctest: 5))
        let login = try #require(run.modules.first { $0.name == "LoginTests" })
        let legacy = try #require(run.modules.first { $0.name == "LegacyTests" })
        #expect(login.frameworkCounts == FrameworkCounts(swiftTesting: 2, xctest: 3))
        #expect(legacy.frameworkCounts == FrameworkCounts(swiftTesting: 0, xctest: 2))
        #expect(run.frameworkCounts.summary == "5 XCTest · 2 Swift Testing (29% migrated)")

        let failing = try #require(run.tests.first { $0.name == "testInvalidEmailShowsError" })
        #expect(failing.framework == .xctest && failing.outcome == .failed)
        #expect(failing.id == "LoginTests.LoginXCTests/testInvalidEmailShowsError")
        let issue = try #require(failing.cases.first?.issues.first)
        #expect(issue.place == SourcePlace(fileID: "LoginTests/LoginXCTests.swift", line: 11))
        #expect(issue.message.contains("\n− メールアドレスの形式が正しくありません\n+ Invalid email"))
        #expect(run.tests.first { $0.name == "testBiometricLogin" }?.outcome == .skipped)
        #expect(run.counts[.failed] == 2 && run.counts[.passed] == 4 && run.counts[.skipped] == 1)
        #expect(run.coverageWarning == nil)
    }

    @Test("a run that ran nothing, or one framework of two, says so")
    func coverage() throws {
        let empty = TestRun(modules: [], diagnostics: [], streamVersion: nil, duration: nil, startedAt: nil)
        #expect(empty.coverageWarning == "no tests ran")
        let list = TestList(parsing: try text("mixed-list.txt"))
        let swiftTestingOnly = EventStreamReader.read(try SampleStream.data("mixed-events.jsonl"), loadAttachment: { _ in nil })
            .adding(xctest: [], list: list)
        #expect(swiftTestingOnly.coverageWarning == "only Swift Testing tests ran, though the package has XCTest tests too")
        let xctestOnly = empty.adding(xctest: XCTestLogReader.read(try text("mixed-console.txt")), list: list)
        #expect(xctestOnly.coverageWarning == "only XCTest tests ran, though the package has Swift Testing tests too")
        // Without a list, a class goes to the module its failures' path names, all its methods together.
        let unlisted = empty.adding(xctest: XCTestLogReader.read(try text("mixed-console.txt")))
        #expect(unlisted.modules.map(\.name) == ["LoginTests", "XCTest"])
        #expect(unlisted.modules[0].allTests.map(\.name) == ["testBiometricLogin", "testInvalidEmailShowsError", "testValidEmailIsAccepted"])
    }
}
