import Testing
import TestEventStream

@testable import LivingSpec

@Suite("HTML spec")
struct HTMLSpecTests {
    @Test("one self-contained page: no scripts, no external resources, failed suites open")
    func selfContained() throws {
        let html = HTMLSpec.render(try SampleRun.run(), title: "Spec")
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

    @Test("names and messages cannot inject markup")
    func escaping() {
        let run = SampleRun.single(
            suite: "<img src=x onerror=alert(1)>", test: "\"quoted\" & 'single'",
            issue: IssueRecord(kind: .failure, message: "</pre><script>alert(1)</script>", details: [], place: nil))
        let html = HTMLSpec.render(run, title: "<title>")
        #expect(!html.contains("<img"))
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("&quot;quoted&quot; &amp; &#39;single&#39;"))
        #expect(html.contains("<title>&lt;title&gt;</title>"))
    }
}
