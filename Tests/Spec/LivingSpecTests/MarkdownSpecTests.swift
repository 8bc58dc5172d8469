import Testing
import TestEventStream

@testable import LivingSpec

@Suite("Markdown spec")
struct MarkdownSpecTests {
    @Test("totals, the failures first, then suites as headings and tests with their steps")
    func structure() throws {
        let markdown = MarkdownSpec.render(SpecDocument(run: try SampleRun.run(), title: "登録機能の仕様"))
        let lines = markdown.split(separator: "\n").map(String.init)
        #expect(lines[0] == "# 登録機能の仕様")
        #expect(lines[1] == "**3 failed · 1 cancelled · 1 skipped · 1 known issue · 1 passed with warnings · 3 passed** — 10 tests in 5 ms")
        let failures = try #require(lines.firstIndex(of: "## Failures"))
        #expect(lines[failures + 1].hasPrefix("- ❌ 個人法人選択画面 › onTapNext: 「次へ」をタップした時 › 法人を選択中なら基本情報画面に遷移すること — Expectation failed: (calls → 0) == 1"))
        #expect(lines.filter { $0.hasPrefix("- ❌ 個人法人選択画面") }.count == 3)
        #expect(lines.contains("### ❌ 個人法人選択画面"))
        #expect(lines.contains("#### ❌ onTapNext: 「次へ」をタップした時"))
        #expect(lines.contains("### 🐞 Other outcomes"))
        #expect(lines.contains { $0.hasPrefix("- ✅ **個人を選択中なら登録APIを叩くこと** · Swift Testing `smoke` `登録`") })
        #expect(lines.contains("  - ✅ Given 個人を選択している"))
        #expect(lines.contains("    - ❌ Then 「次へ」が活性"))
        #expect(lines.contains("- ⏭️ **is skipped** · Swift Testing — skipped: waiting for the new API"))
        #expect(lines.contains { $0.contains("🚫 **is cancelled**") && $0.hasSuffix("— cancelled: no network here") })
        #expect(lines.contains("  - 🐞 known issue: Expectation failed: Bool(false) — flaky on Linux (SampleTests/SampleTests.swift:49)"))
        #expect(lines.contains("  - 📎 server.log"))
    }

    @Test("markup characters in names and messages are escaped")
    func escaping() {
        let run = SampleRun.single(
            suite: "a *bold* [link](x)", test: "<script> | `code` _under_",
            issue: IssueRecord(kind: .failure, message: "Expectation failed: a\nb", details: [], place: nil))
        let markdown = MarkdownSpec.render(SpecDocument(run: run, title: "T # 1"))
        #expect(markdown.hasPrefix("# T \\# 1\n"))
        #expect(markdown.contains("### ❌ a \\*bold\\* \\[link\\](x)"))
        #expect(markdown.contains("**\\<script\\> \\| \\`code\\` \\_under\\_**"))
        // A message over several lines keeps them, in a fenced block under its first line.
        #expect(markdown.contains("  - ❌ failure: Expectation failed: a\n    ```\n    b\n    ```\n"))
    }

    @Test("notes on the stream close the spec")
    func notes() {
        var run = SampleRun.single(suite: "S", test: "t")
        run.diagnostics = [StreamDiagnostic(line: 7, severity: .error, message: "not a Swift Testing event record (invalid JSON)")]
        #expect(MarkdownSpec.render(SpecDocument(run: run, title: "T")).hasSuffix("## Notes on the event stream\n\n- error: line 7: not a Swift Testing event record (invalid JSON)\n\n"))
    }
}
