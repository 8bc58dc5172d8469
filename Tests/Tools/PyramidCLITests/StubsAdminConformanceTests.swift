import Foundation
import PyramidIO
import PyramidTestSupport
import Testing

/// `pyramid stubs serve`'s admin API against WireMock's own OpenAPI description, with
/// schemathesis (PyPI, installed by `scripts/test`) generating the requests: no server error and
/// no response that breaks the description, on every path we answer; a server that breaks it is
/// caught, so the check can fail.
@Suite("The admin API against WireMock's OpenAPI description", .timeLimit(.minutes(10)))
struct StubsAdminConformanceTests {
    let folder = TemporaryFolder("admin-conformance", create: true)

    /// The paths of WireMock's description that the stub server answers (the README lists them).
    static let answered = #"^/__admin/(mappings|mappings/reset|mappings/save|mappings/import|mappings/\{stubMappingId\}|mappings/unmatched|requests|requests/\{requestId\}|requests/reset|requests/count|requests/remove|requests/find|requests/unmatched|recordings/(start|stop|status|snapshot)|scenarios|scenarios/reset|reset|version|health)$"#

    static var description: String { PeerData.path("wiremock/wiremock-admin-api.json") ?? "../shared/peer-data/wiremock/wiremock-admin-api.json (absent)" }

    func schemathesis(_ url: String, select: [String], extra: [String] = []) async throws -> Program.Run {
        try await Program.run("python3", [
            "-m", "schemathesis.cli", "run", Self.description, "--url", url,
            "--checks", "not_a_server_error,response_schema_conformance", "--max-examples", "10", "--seed", "1", "--workers", "1",
            // The description's examples, then ten generated cases an operation: the same requests
            // on every run, however loaded the machine (a 45 s budget once ran out after 10 under
            // CI's load). The coverage phase (tens of thousands of cases, minutes) and the stateful
            // one are left to BENCHMARKS.md's run. No --max-time: with it, schemathesis fuzzes until
            // the time is up; the suite's time limit is the hang guard.
            "--phases", "examples,fuzzing",
            "--no-color", "--report", "junit", "--report-junit-path", folder.path("schemathesis-\(UUID()).xml"),
        ] + select + extra)
    }

    @Test("every answered path: generated requests get no 5xx and no response outside the description")
    func conforms() async throws {
        let root = folder.path("root")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let (server, url) = try await CLI.start(["stubs", "serve", "--root-dir", root])
        defer { if server.isRunning { server.send(SIGKILL) } }
        #expect(url.hasPrefix("http://127.0.0.1:"))
        // Hypothesis cannot always generate invalid requests for the three operations that take
        // a request pattern (its schema's `not`): they get valid ones only, in a run of their own.
        let byPattern = ["countRequestsByCriteria", "findRequestsByCriteria", "removeRequestsByCriteria"]
        let runs = [
            try await schemathesis(url, select: ["--include-path-regex", Self.answered] + byPattern.flatMap { ["--exclude-operation-id", $0] }),
            try await schemathesis(url, select: byPattern.flatMap { ["--include-operation-id", $0] }, extra: ["--mode", "positive"]),
        ]
        for (run, (selected, least)) in zip(runs, [("26 selected / 59 total", 100), ("3 selected / 59 total", 20)]) {
            #expect(run.status == 0, "\(run.stdout.suffix(3000))\(run.stderr.suffix(1000))")
            #expect(run.stdout.contains(selected), "\(run.stdout.prefix(1500))")
            let generated = try #require(run.stdout.firstMatch(of: /(\d+) generated, (\d+) passed/), "\(run.stdout.suffix(1500))")
            #expect(Int(generated.1)! >= least && generated.1 == generated.2, "\(generated.0)")
        }
        #expect(try await CLI.stop(server, with: SIGTERM).status == 0, "still serving after the run")
    }

    @Test("the check can fail: a server whose /__admin/version answers outside the description is caught")
    func catchesABreak() async throws {
        let script = """
            import http.server, sys
            class H(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    body = b'{"version": 5}'
                    self.send_response(200); self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
                def __getattr__(self, name):
                    # Every method answers as GET does: the only fault is the body's shape.
                    if name.startswith("do_"): return self.do_GET
                    raise AttributeError(name)
                def log_message(self, *a): pass
            s = http.server.HTTPServer(("127.0.0.1", 0), H)
            print("http://127.0.0.1:%d" % s.server_address[1], flush=True)
            s.serve_forever()
            """
        let process = try ChildProcess(executable: "/usr/bin/env", arguments: ["python3", "-c", script])
        defer { process.send(SIGKILL) }
        let url = try await process.firstLine()
        let run = try await schemathesis(url, select: ["--include-path-regex", "^/__admin/version$"], extra: ["--max-failures", "1"])
        #expect(run.status != 0 && run.stdout.contains("Response violates schema"), "\(run.stdout.suffix(2000))")
    }
}
