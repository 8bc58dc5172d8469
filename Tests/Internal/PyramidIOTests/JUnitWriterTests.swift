import Foundation
import PyramidIO
import PyramidTestSupport
import Testing

/// The one JUnit writer: every element it writes, hostile text escaped, valid against Maven
/// Surefire's schema.
@Suite("JUnit writer")
struct JUnitWriterTests {
    private let folder = TemporaryFolder("pyramid-junit-writer", create: true)
    static let hostile = "a <b> & \"c\" 'd'\u{1}\nline"

    func document() -> String {
        var cases = JUnitWriter()
        var counts = JUnitWriter.Counts()
        cases.openTestCase(name: Self.hostile, escapedClassName: Markup.escapeAttribute("Suite.Inner"), time: 0.12345,
                           timestamp: "2026-11-29T01:00:00.000Z", file: "Module/File.swift", line: 12)
        cases.properties([(name: "tag", value: Self.hostile)])
        cases.result(.failure, message: Self.hostile, type: "failure", text: Self.hostile)
        cases.result(.rerunFailure, message: "again", type: "failure", text: "second attempt")
        cases.openSystemOut()
        cases.systemOutMarkupFree("✓ Given ")
        cases.systemOutText(Self.hostile)
        cases.closeSystemOut()
        cases.closeTestCase()
        counts.tests += 1
        counts.failures += 1
        cases.openTestCase(name: "skipped", escapedClassName: "Suite", time: 0)
        cases.result(.skipped, message: "not today")
        cases.closeTestCase()
        counts.tests += 1
        counts.skipped += 1
        cases.openTestCase(name: "flaky", escapedClassName: "Suite", time: 1)
        cases.result(.flakyFailure, message: "first attempt", type: "failure", text: "it failed once")
        cases.closeTestCase()
        counts.tests += 1
        counts.flakes += 1

        var xml = JUnitWriter()
        xml.declaration()
        xml.openTestSuites(name: Self.hostile, counts: counts, time: 1.2)
        xml.openTestSuite(name: Self.hostile, counts: counts, time: 1.2)
        xml.append(cases)
        xml.closeTestSuite()
        xml.closeTestSuites()
        return xml.text.string
    }

    @Test("counts, attributes and bodies are written in Surefire's form, every value escaped")
    func form() {
        let xml = document()
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;\u{FFFD}&#10;line\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\" flakes=\"1\" time=\"1.2\">") == false,
                "the document's element has no flakes attribute")
        #expect(xml.contains("<testsuites name=\"a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;\u{FFFD}&#10;line\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\" time=\"1.2\">"))
        #expect(xml.contains("tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\" flakes=\"1\" time=\"1.2\">"))
        #expect(xml.contains("<testcase name=\"a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;\u{FFFD}&#10;line\" classname=\"Suite.Inner\" time=\"0.123\" timestamp=\"2026-11-29T01:00:00.000Z\" file=\"Module/File.swift\" line=\"12\">"))
        #expect(xml.contains(">a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;\u{FFFD}\nline</failure>"), "a body keeps its line breaks")
        #expect(xml.contains("<rerunFailure message=\"again\" type=\"failure\"><stackTrace>second attempt</stackTrace></rerunFailure>"))
        #expect(xml.contains("<skipped message=\"not today\"/>"))
        #expect(xml.contains("<system-out>✓ Given a &lt;b&gt;"))
        #expect(!xml.contains("<b>") && !xml.contains("\u{1}"))
    }

    @Test("the document is valid against Maven Surefire's schema")
    func valid() async throws {
        let result = try await SurefireSchema.validate(document(), in: folder)
        #expect(result.suites == 1)
        #expect(result.problems.isEmpty, "\(result.problems)")
    }
}
