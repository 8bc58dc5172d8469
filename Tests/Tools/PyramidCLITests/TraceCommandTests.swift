import Foundation
import PyramidTestSupport
import Testing

/// `pyramid trace`: the page beside a trace, and a clear error where there is no trace.
@Suite("pyramid trace")
struct TraceCommandTests {
    @Test("writes index.html beside the trace and prints its path; a folder without a trace is exit 2 naming the file")
    func writesThePage() async throws {
        let folder = TemporaryFolder("pyramid-trace-command", create: true)
        let header = #"{"format":"pyramid-ui-trace","started":1800000000,"test":"LoginFlowUITests\/testLogin()","version":1}"#
        let step = #"{"call":"tap()","console":[],"duration":0.05,"index":1,"kind":"action","start":0.1,"target":"app.buttons[\"login_button\"]"}"#
        try (header + "\n" + step + "\n").write(toFile: folder.path("trace.jsonl"), atomically: true, encoding: .utf8)
        let run = try await CLI.run(["trace", folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == folder.path("index.html") + "\n")
        let page = try String(contentsOfFile: folder.path("index.html"), encoding: .utf8)
        #expect(page.contains("<title>UI trace: LoginFlowUITests/testLogin()</title>"))
        #expect(page.contains(#"<span class="target">app.buttons[&quot;login_button&quot;]</span>"#))

        let empty = TemporaryFolder("pyramid-trace-command-empty", create: true)
        let missing = try await CLI.run(["trace", empty.path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains(empty.path("trace.jsonl") + ": there is no such file"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: empty.path("index.html")))
    }
}
