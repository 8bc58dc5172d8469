import Foundation
import Testing
@_spi(PyramidTools) import TestEventStream

@testable import LivingSpec

/// The spec of Fixtures/MixedPackage's recorded run: XCTest and Swift Testing side by side.
enum MixedRun {
    static func text(_ name: String) throws -> String {
        try String(contentsOf: SampleRun.fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    static func run() throws -> TestRun {
        let events = try Data(contentsOf: SampleRun.fixtures.appendingPathComponent("mixed-events.jsonl"))
        return EventStreamReader.read(events) { _ in nil }
            .adding(xctest: XCTestLogReader.read(try text("mixed-console.txt")), list: TestList(parsing: try text("mixed-list.txt")))
    }
}

@Suite("Spec of a mixed XCTest and Swift Testing run")
struct MixedSpecTests {
    @Test("Markdown: every test of both frameworks, each marked, the split per module, messages line for line")
    func markdown() throws {
        let markdown = MarkdownSpec.render(SpecDocument(run: try MixedRun.run(), title: "Mixed"))
        #expect(markdown.contains("**2 failed · 1 skipped · 4 passed** — 7 tests"))
        #expect(markdown.contains("""
            ## Migration to Swift Testing

            | Module | XCTest | Swift Testing | Migrated |
            | --- | ---: | ---: | ---: |
            | LoginTests | 3 | 2 | 40% |
            | LegacyTests | 2 | 0 | 0% |
            | All modules | 5 | 2 | 29% |
            """))
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.filter { $0.contains("· XCTest") }.count == 5)
        #expect(lines.filter { $0.contains("· Swift Testing") }.count == 2)
        #expect(lines.contains { $0.hasPrefix("- ⏭️ **testBiometricLogin** · XCTest · ") && $0.hasSuffix(" ms — skipped: Face ID is not available on Linux") })

        // The failing XCTest test: its message's first line with file:line, then the rest, lines kept.
        let failure = try #require(lines.firstIndex { $0.hasPrefix("  - ❌ failure: XCTAssertEqual failed") })
        #expect(lines[failure].hasSuffix("the error message differs: (LoginTests/LoginXCTests.swift:11)"))
        #expect(Array(lines[(failure + 1)...(failure + 4)]) == [
            "    ```", "    − メールアドレスの形式が正しくありません", "    + Invalid email", "    ```",
        ])
        // The Swift Testing test's multi-line comment, likewise.
        let comment = try #require(lines.firstIndex { $0 == "    the validation differs:" })
        #expect(Array(lines[comment...(comment + 2)]) == ["    the validation differs:", "    − パスワードは8文字以上", "    + (no error)"])
        #expect(!markdown.contains("> ⚠️"), "both frameworks ran: nothing to warn about")
    }

    @Test("HTML: framework marks, the migration table, and messages in <pre> with their lines")
    func html() throws {
        let html = HTMLSpec.render(SpecDocument(run: try MixedRun.run(), title: "Mixed"))
        #expect(html.components(separatedBy: "<span class=\"framework xctest\">XCTest</span>").count - 1 == 5)
        #expect(html.components(separatedBy: "<span class=\"framework swift-testing\">Swift Testing</span>").count - 1 == 2)
        #expect(html.contains("<tr><td>LegacyTests</td><td>2</td><td>0</td><td>0%</td></tr>"))
        #expect(html.contains("<tr><td>All modules</td><td>5</td><td>2</td><td>29%</td></tr>"))
        #expect(html.contains("the error message differs:\n− メールアドレスの形式が正しくありません\n+ Invalid email"))
        #expect(html.contains("LoginTests/LoginXCTests.swift:11"))
        #expect(html.contains("the validation differs:\n− パスワードは8文字以上\n+ (no error)"))
    }

    @Test("JUnit: every test with its framework, the failure's text intact, its message attribute keeping its lines")
    func junit() throws {
        let xml = XMLElements.parse(JUnitSpec.render(SpecDocument(run: try MixedRun.run(), title: "Mixed")))
        #expect(xml.error == nil)
        #expect(xml.all("testcase").count == 7)
        let frameworks = xml.all("property").filter { $0.attributes["name"] == "framework" }.compactMap { $0.attributes["value"] }
        #expect(frameworks.filter { $0 == "XCTest" }.count == 5 && frameworks.filter { $0 == "Swift Testing" }.count == 2)
        let failures = xml.all("failure")
        #expect(failures.count == 2)
        let xctest = try #require(failures.first { $0.text.contains("XCTAssertEqual") })
        #expect(xctest.text.contains("the error message differs: (LoginTests/LoginXCTests.swift:11)\n− メールアドレスの形式が正しくありません\n+ Invalid email"))
        #expect(xctest.attributes["message"]?.contains("\n− メールアドレスの形式が正しくありません\n+ Invalid email") == true)
        let swiftTesting = try #require(failures.first { $0.text.contains("Expectation failed") })
        #expect(swiftTesting.text.contains("the validation differs:\n− パスワードは8文字以上\n+ (no error)"))
    }

    @Test("a run of one framework when the package has both, or of nothing, says so in every summary")
    func coverageWarnings() throws {
        let list = TestList(parsing: try MixedRun.text("mixed-list.txt"))
        let events = try Data(contentsOf: SampleRun.fixtures.appendingPathComponent("mixed-events.jsonl"))
        let swiftTestingOnly = EventStreamReader.read(events) { _ in nil }.adding(xctest: [], list: list)
        let warning = "only Swift Testing tests ran, though the package has XCTest tests too"
        #expect(MarkdownSpec.render(SpecDocument(run: swiftTestingOnly, title: "T")).contains("> ⚠️ \(warning)"))
        #expect(HTMLSpec.render(SpecDocument(run: swiftTestingOnly, title: "T")).contains("<p class=\"coverage\">⚠️ \(warning)</p>"))
        #expect(SpecText.summaryLine(swiftTestingOnly).hasSuffix("— ⚠️ \(warning)"))
        let nothing = TestRun(modules: [], diagnostics: [], streamVersion: nil, duration: nil, startedAt: nil)
        #expect(SpecText.summaryLine(nothing).hasSuffix("— ⚠️ no tests ran"))
    }
}
