import Foundation
import PyramidTestSupport
import Testing
import TestEventStream

@testable import LivingSpec

@Suite("HTML spec")
struct HTMLSpecTests {
    @Test("one self-contained page: no scripts, no external resources, failed suites open")
    func selfContained() throws {
        let html = HTMLSpec.render(SpecDocument(run: try SampleRun.run(), title: "Spec"))
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("<link"))
        #expect(html.contains("<details class=\"suite failed\" open><summary><span class=\"mark failed\">✗</span> 個人法人選択画面</summary>"))
        #expect(html.contains("<details class=\"suite known\"><summary><span class=\"mark known\">◆</span> Other outcomes</summary>"))
        #expect(html.contains("<span class=\"tag\">登録</span>"))
        #expect(html.contains("<li class=\"case failed\"><span class=\"mark failed\">✗</span> <code>&quot;none&quot;</code>"))
        #expect(html.contains("<b>When</b> 「次へ」をタップする"))
        #expect(html.contains("<pre>Expectation failed: (calls → 0) == 1\n登録APIを叩いていること\nStep: Then 登録APIを1回叩く</pre>"))
        #expect(html.contains("<p class=\"reason\">skipped: waiting for the new API</p>"))
        #expect(html.contains("id=\"only-failed\""))
    }

    @Test("a case run three times: its last attempt's failure is inside the last attempt's item, within the list of attempts")
    func lastAttemptInsideItsItem() throws {
        let html = HTMLSpec.render(SpecDocument(run: JUnitSchemaTests.retriedRun(), title: "Spec"))
        let heading = try #require(html.range(of: "attempt 3 of 3: failed"))
        let after = html[heading.upperBound...]
        let box = try #require(after.range(of: "<div class=\"issue failure\">"), "the last attempt's failure is shown")
        let itemEnd = try #require(after.range(of: "</li>"))
        let listEnd = try #require(after.range(of: "</ol>"))
        #expect(box.lowerBound < itemEnd.lowerBound, "the failure box is in the last attempt's item")
        #expect(itemEnd.lowerBound < listEnd.lowerBound, "the item ends before the list of attempts")
        #expect(after[box.lowerBound...].hasPrefix("<div class=\"issue failure\"><span class=\"label\">failure</span> <pre>1 ≠ 2 &amp; more"))
        // Every list of attempts is closed once, each of its items inside it.
        #expect(html.components(separatedBy: "<ol class=\"attempts\">").count == html.components(separatedBy: "</li>\n</ol>").count)
    }

    @Test("the failures are listed at the top, each a link to its test below, as the Markdown spec lists them")
    func failuresAtTheTop() throws {
        let html = HTMLSpec.render(SpecDocument(run: try SampleRun.run(), title: "Spec"))
        let markdown = MarkdownSpec.render(SpecDocument(run: try SampleRun.run(), title: "Spec"))
        let section = try #require(html.range(of: "<section class=\"failures\"><h2>Failures ("))
        let end = try #require(html[section.upperBound...].range(of: "</section>"))
        let list = html[section.upperBound..<end.lowerBound]
        let links = list.components(separatedBy: "<a href=\"#").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        let markdownFailures = markdown.components(separatedBy: "## Failures\n\n")[1].components(separatedBy: "\n\n")[0].split(separator: "\n")
        #expect(links.count == markdownFailures.count && !links.isEmpty, "\(links) against \(markdownFailures)")
        #expect(Set(links).count == links.count)
        for link in links {
            #expect(html.contains("<li class=\"test failed\" id=\"\(link)\">"), "the link to #\(link) has its target")
        }
        #expect(section.lowerBound < (html.range(of: "<section class=\"module\">")?.lowerBound ?? html.endIndex), "before the suites")
    }

    @Test("an attachment whose payload is not in the Xcode bundle says so, in every rendering")
    func attachmentNotInBundle() {
        var run = SampleRun.single(suite: "S", test: "launch")
        run.modules[0].children[0].children[0].cases[0].attachments = [
            AttachmentRecord(name: "kXCTAttachmentLegacySnapshot", path: nil, type: "public.png", missing: "not in the bundle"),
        ]
        let html = HTMLSpec.render(SpecDocument(run: run, title: "Spec")), markdown = MarkdownSpec.render(SpecDocument(run: run, title: "Spec"))
        #expect(html.contains("<li>↗ kXCTAttachmentLegacySnapshot (public.png) — not in the bundle</li>"), "\(html)")
        #expect(markdown.contains("📎 kXCTAttachmentLegacySnapshot (public.png) — not in the bundle"))
    }

    @Test("a skip without a reason says skipped once, in every rendering")
    func skipWithoutReason() {
        var run = SampleRun.single(suite: "S", test: "needs a Mac")
        run.modules[0].children[0].children[0].skipReason = ""
        run.modules[0].children[0].children[0].cases = []
        let html = HTMLSpec.render(SpecDocument(run: run, title: "Spec")), markdown = MarkdownSpec.render(SpecDocument(run: run, title: "Spec")), junit = JUnitSpec.render(SpecDocument(run: run, title: "Spec"))
        #expect(html.contains("<p class=\"reason\">skipped</p>"))
        #expect(markdown.contains("**needs a Mac** · Swift Testing — skipped\n") || markdown.contains("**needs a Mac** — skipped\n"), "\(markdown)")
        #expect(junit.contains("<skipped message=\"skipped\"/>"))
        for text in [html, markdown, junit] { #expect(!text.contains("skipped: skipped")) }
    }

    @Test("every symbol the page draws is in a font the project installs (fontconfig says which)")
    func symbolsHaveFonts() async throws {
        let html = HTMLSpec.render(SpecDocument(run: try SampleRun.run(), title: "Spec"))
        // Variation selectors and joiners are not drawn themselves.
        let symbols = Set(html.unicodeScalars.filter { $0.value >= 0x2000 && !(0xFE00...0xFE0F).contains($0.value) && $0.value != 0x200D }
            .filter { !(0x3000...0x9FFF).contains($0.value) && !(0xFF00...0xFFEF).contains($0.value) })
        #expect(symbols.contains("↗"), "the attachment mark is drawn: the sample has attachments")
        #expect(symbols.count >= 5, "\(symbols)")
        for symbol in symbols.sorted(by: { $0.value < $1.value }) {
            let fonts = try await Program.run("fc-list", [":charset=" + String(symbol.value, radix: 16), "family"])
            #expect(fonts.status == 0 && !fonts.stdout.isEmpty, "no installed font draws \(symbol) (U+\(String(symbol.value, radix: 16, uppercase: true)))")
        }
    }

    @Test("names and messages cannot inject markup")
    func escaping() {
        let run = SampleRun.single(
            suite: "<img src=x onerror=alert(1)>", test: "\"quoted\" & 'single'",
            issue: IssueRecord(kind: .failure, message: "</pre><script>alert(1)</script>", details: [], place: nil))
        let html = HTMLSpec.render(SpecDocument(run: run, title: "<title>"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("&quot;quoted&quot; &amp; &#39;single&#39;"))
        #expect(html.contains("<title>&lt;title&gt;</title>"))
    }
}
