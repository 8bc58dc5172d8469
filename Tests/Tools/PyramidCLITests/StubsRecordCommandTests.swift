import Foundation
import HTTPStubs
import PyramidIO
import PyramidTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `pyramid stubs record` as a user runs it: the proxy's URL first, a real API that is not ours
/// recorded until SIGINT or SIGTERM, then `pyramid stubs serve` playing the files back byte for
/// byte with the API stopped.
@Suite("pyramid stubs record", .timeLimit(.minutes(2)))
struct StubsRecordCommandTests {
    let folder = TemporaryFolder("pyramid-record", create: true)
    /// Redirects not followed: the 302 is an answer recorded and replayed as it is.
    let session = NoRedirects.session()

    func get(_ base: String, _ path: String, headers: [String: String] = [:]) async throws -> (Int, Data) {
        // A request that hangs fails at a minute, naming its URL, not at the test's time limit.
        var request = URLRequest(url: URL(string: base + path)!, timeoutInterval: 60)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        return (try #require(response as? HTTPURLResponse).statusCode, data)
    }

    @Test("records until a signal, writes WireMock's files, and stubs serve and a stub session replay them byte for byte", arguments: [SIGINT, SIGTERM])
    func recordThenServe(signal: Int32) async throws {
        let api = try await RealAPI.start()
        let root = folder.path("root-\(signal)")
        let (recorder, first) = try await CLI.start(["stubs", "record", "--target", api.url.absoluteString, "--root-dir", root, "--redact", "Server"])
        defer { if recorder.isRunning { recorder.send(SIGKILL) } }
        #expect(first.hasPrefix("http://127.0.0.1:"), "first line: \(first)")
        let paths = ["/items?page=1", "/image.png", "/me", "/boom", "/old", "/slow?ms=300"]
        var live: [String: (Int, Data)] = [:]
        for path in paths { live[path] = try await get(first, path, headers: ["Authorization": "Bearer tok-cli"]) }
        #expect(live["/boom"]?.0 == 500 && live["/image.png"]?.1.count == 520 && live["/old"]?.0 == 302 && live["/slow?ms=300"]?.0 == 200)
        let (status, output, errors) = try await CLI.stop(recorder, with: signal)
        #expect(status == 0, "\(output)\(errors)")
        #expect(output.contains("Recorded 6 request(s) as 6 mapping(s) in \(root)/mappings, 1 body file(s) in \(root)/__files."), "\(output)")
        #expect(output.contains("Left out: Server (6), Set-Cookie (1)."), "\(output)")
        await api.stop()

        let written = try FileManager.default.contentsOfDirectory(atPath: root + "/mappings").map { root + "/mappings/" + $0 }
        let problems = try await WireMockSchema.problems(in: written)
        #expect(problems.isEmpty, "\(problems)")
        let text = try written.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
        #expect(!text.contains("tok-cli") && !text.contains("secret-cookie") && !text.contains("BaseHTTP"))

        let (server, url) = try await CLI.start(["stubs", "serve", "--root-dir", root])
        defer { if server.isRunning { server.send(SIGKILL) } }
        for path in paths {
            let (replayedStatus, replayed) = try await get(url, path)
            #expect(replayedStatus == live[path]?.0 && replayed == live[path]?.1, "\(path)")
        }
        #expect(try await CLI.stop(server, with: SIGTERM).status == 0)

        // And in process, with no server: a stub session of the test's own, which refuses
        // redirects as the client above does, so the 302 is an answer replayed as it came.
        let stubs = StubRegistry()
        stubs.add(try StubRootDirectory(root).load().stubs)
        let session = stubs.makeSession(delegate: NoRedirects())
        for path in paths {
            let (data, response) = try await session.data(from: URL(string: "https://api.example.com" + path)!)
            #expect((response as? HTTPURLResponse)?.statusCode == live[path]?.0 && data == live[path]?.1, "\(path) in process")
        }
    }

    @Test("prints a line for each request as it is recorded, which a pipe delivers while the recording runs")
    func linePerExchange() async throws {
        let api = try await RealAPI.start()
        defer { Task { await api.stop() } }
        let root = folder.path("live")
        let (recorder, first) = try await CLI.start(["stubs", "record", "--target", api.url.absoluteString, "--root-dir", root])
        defer { if recorder.isRunning { recorder.send(SIGKILL) } }
        #expect(try await get(first, "/items?page=1").0 == 200)
        let seen = try await recorder.output(until: "recorded GET /items?page=1 → 200\n")
        #expect(seen.contains("recorded GET /items?page=1 → 200\n"), "\(seen)")
        #expect(recorder.isRunning, "the line came before the recorder was stopped")
        #expect(try await get(first, "/boom").0 == 500)
        let next = try await recorder.output(until: "recorded GET /boom → 500\n")
        #expect(next.contains("recorded GET /boom → 500\n") && !next.contains("page=1"), "one line a request, each once: \(next)")
        let (status, rest, errors) = try await CLI.stop(recorder, with: SIGINT)
        #expect(status == 0, "\(rest)\(errors)")
        #expect(rest.contains("Recorded 2 request(s) as 2 mapping(s)"), "\(rest)")
    }

    @Test("recording again into the same root replaces the mapping of each request recorded again, naming the file; serve and verify then judge the same one")
    func recordAgain() async throws {
        let api = try await RealAPI.start()
        defer { Task { await api.stop() } }
        let root = folder.path("again")
        func record(_ paths: [String]) async throws -> String {
            let (recorder, first) = try await CLI.start(["stubs", "record", "--target", api.url.absoluteString, "--root-dir", root])
            defer { if recorder.isRunning { recorder.send(SIGKILL) } }
            for path in paths { _ = try await get(first, path) }
            let (status, output, errors) = try await CLI.stop(recorder, with: SIGTERM)
            #expect(status == 0, "\(output)\(errors)")
            return output
        }
        func mappingFiles() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: root + "/mappings").sorted() }
        let firstRun = try await record(["/items?page=1", "/image.png"])
        #expect(!firstRun.contains("Replaced"), "\(firstRun)")
        let before = try mappingFiles()
        let old = try #require(before.first { $0.hasPrefix("items_page_1-") }, "\(before)")
        let oldBody = try #require(try FileManager.default.contentsOfDirectory(atPath: root + "/__files").first, "the image's body file")

        // The API moves; the page is recorded again, and the image too (its body file replaced).
        try await api.move()
        let secondRun = try await record(["/items?page=1", "/image.png"])
        let after = try mappingFiles()
        #expect(after.count == 2 && after.filter { $0.hasPrefix("items_page_1-") }.count == 1 && !after.contains(old), "\(after)")
        let new = try #require(after.first { $0.hasPrefix("items_page_1-") })
        #expect(secondRun.contains("Replaced \(root)/mappings/\(old) with \(new): GET /items?page=1 was recorded again."), "\(secondRun)")
        let bodies = try FileManager.default.contentsOfDirectory(atPath: root + "/__files")
        #expect(bodies.count == 1 && bodies != [oldBody], "the old body file went with its mapping: \(bodies)")

        // Serve answers the new page; verify checks that one mapping, which holds.
        let (live, _) = try await URLSession.patient().data(from: api.url("/items?page=1"))
        let (server, url) = try await CLI.start(["stubs", "serve", "--root-dir", root])
        defer { if server.isRunning { server.send(SIGKILL) } }
        let (served, servedBody) = try await get(url, "/items?page=1")
        #expect(served == 200 && servedBody == live, "\(String(decoding: servedBody, as: UTF8.self))")
        #expect(try await CLI.stop(server, with: SIGTERM).status == 0)
        let verify = try await CLI.run(["stubs", "verify", "--target", api.url.absoluteString, "--root-dir", root])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("✔ GET /items?page=1\n") && verify.stdout.contains("2 of 2 mapping(s) checked against \(api.url.absoluteString): 0 moved."), "\(verify.stdout)")
    }

    @Test("--help says that recording a request again replaces its mapping, and that each request is a line")
    func help() async throws {
        let help = try await CLI.run(["stubs", "record", "--help"])
        #expect(help.status == 0)
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("gets the new mapping in place of the old file, which is named"), "\(help.stdout)")
        #expect(text.contains("with a line for each as it happens"), "\(help.stdout)")
    }

    @Test("bad input is refused before anything is proxied: a root that cannot be written, a target that is not a URL, a header both captured and redacted")
    func badInput() async throws {
        let file = folder.path("a-file")
        try Data().write(to: URL(fileURLWithPath: file))
        let unwritable = try await CLI.run(["stubs", "record", "--target", "http://127.0.0.1:9", "--root-dir", file + "/root"])
        #expect(unwritable.status != 0 && unwritable.stdout.isEmpty, "\(unwritable.stdout)")
        #expect(unwritable.stderr.contains("cannot write \(file)/root/mappings"), "\(unwritable.stderr)")
        let target = try await CLI.run(["stubs", "record", "--target", "api.example.com", "--root-dir", folder.path("r")])
        #expect(target.status == 2 && target.stderr.contains("--target api.example.com is not an absolute http or https URL"), "\(target.stderr)")
        let both = try await CLI.run(["stubs", "record", "--target", "http://x.test", "--root-dir", folder.path("r"), "--capture-header", "Authorization", "--redact", "authorization"])
        #expect(both.status == 2 && both.stderr.contains("a redacted header cannot be matched"), "\(both.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("r")))
    }
}

/// `pyramid stubs verify`: the recording checked against the real API, which then changes.
@Suite("pyramid stubs verify", .timeLimit(.minutes(2)))
struct StubsVerifyCommandTests {
    let folder = TemporaryFolder("pyramid-verify", create: true)

    @Test("holds while the API answers as recorded; a field renamed, a status and a named header changed are exit 1 naming each; an API that is gone is exit 2")
    func drift() async throws {
        let api = try await RealAPI.start()
        let root = folder.path("root")
        let (recorder, first) = try await CLI.start(["stubs", "record", "--target", api.url.absoluteString, "--root-dir", root])
        defer { if recorder.isRunning { recorder.send(SIGKILL) } }
        for (method, path) in [("GET", "/items?page=1"), ("POST", "/orders"), ("GET", "/image.png"), ("GET", "/boom")] {
            var request = URLRequest(url: URL(string: first + path)!, timeoutInterval: 60)
            request.httpMethod = method
            if method == "POST" { request.httpBody = Data(#"{"items": [3]}"#.utf8) }
            _ = try await URLSession.patient().data(for: request)
        }
        #expect(try await CLI.stop(recorder, with: SIGTERM).status == 0)

        let holds = try await CLI.run(["stubs", "verify", "--target", api.url.absoluteString, "--root-dir", root])
        #expect(holds.status == 0, "\(holds.stdout)\(holds.stderr)")
        #expect(holds.stdout.contains("✔ GET /items?page=1") && holds.stdout.contains("✔ GET /image.png"), "\(holds.stdout)")
        #expect(holds.stdout.contains("– POST /orders: skipped, POST may change the server's data"), "\(holds.stdout)")
        #expect(holds.stdout.contains("3 of 4 mapping(s) checked against \(api.url.absoluteString): 0 moved, 1 skipped."), "\(holds.stdout)")

        try await api.move()
        let moved = try await CLI.run(["stubs", "verify", "--target", api.url.absoluteString, "--root-dir", root])
        #expect(moved.status == 1, "\(moved.stdout)\(moved.stderr)")
        #expect(moved.stdout.contains(#"✘ GET /items?page=1: body $.items[0].name added: "記事"; body $.items[0].title removed (was "記事")"#), "\(moved.stdout)")
        #expect(moved.stdout.contains("✘ GET /boom: status 500 → 503"), "\(moved.stdout)")
        // A header is compared when named: its value moved too.
        let named = try await CLI.run(["stubs", "verify", "--target", api.url.absoluteString, "--root-dir", root, "--header", "X-Request-Id"])
        #expect(named.status == 1, "\(named.stdout)\(named.stderr)")
        #expect(named.stdout.contains(#"✘ GET /items?page=1: header X-Request-Id "r-42" → "r-43"; body $.items[0].name added"#), "\(named.stdout)")
        // Ignored, the renamed fields are no drift; the status still is.
        let ignored = try await CLI.run([
            "stubs", "verify", "--target", api.url.absoluteString, "--root-dir", root, "--ignore", "$.items[*].name", "--ignore", "$.items[*].title",
        ])
        #expect(ignored.status == 1 && ignored.stdout.contains("✔ GET /items?page=1") && ignored.stdout.contains("✘ GET /boom"), "\(ignored.stdout)")

        await api.stop()
        let gone = try await CLI.run(["stubs", "verify", "--target", api.url.absoluteString, "--root-dir", root])
        #expect(gone.status == 2 && gone.stdout.contains("! GET /items?page=1: not checked: the API could not be reached"), "\(gone.stdout)")
        let bad = try await CLI.run(["stubs", "verify", "--target", api.url.absoluteString, "--root-dir", root, "--ignore", "items"])
        #expect(bad.status == 2 && bad.stderr.contains("--ignore items is not a path such as $.items[*].price"), "\(bad.stderr)")
    }

    @Test("of two mappings of one request, verify checks the one stubs serve answers with and lists the other as skipped")
    func sameMappingsAsServe() async throws {
        // The "real API" is a stub server answering {"page": 2}.
        let apiRoot = folder.path("api")
        try FileManager.default.createDirectory(atPath: apiRoot + "/mappings", withIntermediateDirectories: true)
        try Data(#"{"request": {"method": "GET", "url": "/items?page=1"}, "response": {"status": 200, "jsonBody": {"page": 2}}}"#.utf8)
            .write(to: URL(fileURLWithPath: apiRoot + "/mappings/items.json"))
        let (api, apiURL) = try await CLI.start(["stubs", "serve", "--root-dir", apiRoot])
        defer { if api.isRunning { api.send(SIGKILL) } }
        // The recording holds an older mapping of the request ({"page": 1}, first in path order)
        // and a newer one ({"page": 2}), which stubs serve answers with: it tries the last loaded first.
        let root = folder.path("two")
        try FileManager.default.createDirectory(atPath: root + "/mappings", withIntermediateDirectories: true)
        for (file, id, page) in [("a-old.json", "00000000-0000-0000-0000-00000000000a", 1), ("b-new.json", "00000000-0000-0000-0000-00000000000b", 2)] {
            try Data(#"{"id": "\#(id)", "request": {"method": "GET", "url": "/items?page=1"}, "response": {"status": 200, "jsonBody": {"page": \#(page)}}}"#.utf8)
                .write(to: URL(fileURLWithPath: root + "/mappings/" + file))
        }
        let (server, url) = try await CLI.start(["stubs", "serve", "--root-dir", root])
        defer { if server.isRunning { server.send(SIGKILL) } }
        let (served, _) = try await URLSession.patient().data(from: try #require(URL(string: url + "/items?page=1")))
        #expect(try JSONValue(parsing: served) == ["page": 2])
        #expect(try await CLI.stop(server, with: SIGTERM).status == 0)

        let verify = try await CLI.run(["stubs", "verify", "--target", apiURL, "--root-dir", root, "--values"])
        #expect(verify.status == 0, "the mapping served holds: \(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout == """
            ✔ GET /items?page=1
            – GET /items?page=1: skipped, mapping 00000000-0000-0000-0000-00000000000b of the same request answers it first
            1 of 2 mapping(s) checked against \(apiURL): 0 moved, 1 skipped.

            """, "\(verify.stdout)")
        #expect(try await CLI.stop(api, with: SIGTERM).status == 0)
    }

    @Test("an API that cannot be reached: every mapping not checked, and the last line names its URL and why; exit 2")
    func unreachable() async throws {
        let root = folder.path("down")
        try FileManager.default.createDirectory(atPath: root + "/mappings", withIntermediateDirectories: true)
        for path in ["/a", "/b?page=1", "/c"] {
            try Data(#"{"request": {"method": "GET", "url": "\#(path)"}, "response": {"status": 200, "jsonBody": {"ok": true}}}"#.utf8)
                .write(to: URL(fileURLWithPath: root + "/mappings/\(path.filter(\.isLetter)).json"))
        }
        let down = try await CLI.run(["stubs", "verify", "--target", "http://127.0.0.1:1", "--root-dir", root])
        #expect(down.status == 2, "\(down.stdout)\(down.stderr)")
        #expect(!down.stdout.contains("proxying") && !down.stdout.contains("checked against"), "\(down.stdout)")
        #expect(down.stdout.contains("! GET /b?page=1: not checked: the API could not be reached\n"), "\(down.stdout)")
        #expect(down.stdout.hasSuffix(
            "3 of 3 mapping(s) not checked: the API at http://127.0.0.1:1 could not be reached (nothing accepted a connection on 127.0.0.1 port 1).\n"),
            "\(down.stdout)")
    }
}
