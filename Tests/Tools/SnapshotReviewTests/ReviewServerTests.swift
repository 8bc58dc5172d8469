import Foundation
import SnapshotReview
import SocketTestSupport
import Testing
import VisualTesting
@_spi(PyramidTools) import VisualTestingCore

/// The review server over real sockets: hostile requests change nothing; approve
/// replaces the reference and updates the manifest; reject keeps the reference.
@Suite("Review server over HTTP", .timeLimit(.minutes(5)), .patientServers)
struct ReviewServerTests {
    func withServer(_ body: (ReviewFixture, ReviewServer, RawHTTP) async throws -> Void) async throws {
        let fixture = try ReviewFixture()
        try await withReviewServer(service: ReviewService(root: fixture.root, report: fixture.report, token: "s3cret")) { server in
            try await body(fixture, server, RawHTTP.reviewer(of: server))
        }
    }

    let json = ["Content-Type": "application/json", "X-Pyramid-Token": "s3cret"]

    @Test("serves the review page and only PNG images inside the root or named by the report")
    func reads() async throws {
        try await withServer { fixture, server, http in
            let page = try await http.send("GET", "/?token=s3cret")
            #expect(page.status == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.text.contains("\"approveURL\":\"/approve\""))
            #expect(page.text.contains("\"reference\":\"/artifacts/0\""), "the reference as it was compared")
            #expect(!page.text.contains(fixture.base), "no absolute path reaches the page")
            #expect(!page.text.contains("s3cret"), "the page does not carry the token; the URL does")
            let image = try await http.send("GET", "/files/Settings/Phone/loaded.light_en.png")
            #expect(image.status == 200 && image.headers["content-type"] == "image/png")
            #expect(Data(image.body) == fixture.bytes(ReviewFixture.light))
            let artifact = try await http.send("GET", "/artifacts/1")
            #expect(artifact.status == 200 && Data(artifact.body) == fixture.actual(ReviewFixture.light))
            #expect(try await http.send("HEAD", "/files/Settings/Phone/loaded.light_en.png").body.isEmpty)
        }
    }

    @Test("reads need the token: in the URL, which sets this port's cookie, or in that cookie; without it every read is a 403")
    func readsNeedTheToken() async throws {
        try await withServer { fixture, server, _ in
            let stranger = RawHTTP(port: server.port)
            let image = "/files/" + ReviewFixture.light
            for target in ["/", "/index.html", image, "/artifacts/0", "/?token=guess", image + "?token=s3cre"] {
                let response = try await stranger.send("GET", target)
                #expect(response.status == 403, "\(target): \(response.status)")
                #expect(response.error?.contains("token") == true, "\(target): \(response.text)")
                #expect(response.headers["set-cookie"] == nil)
            }
            #expect(try await stranger.send("HEAD", image).status == 403)
            let otherPort = "\(ReviewService.cookieName(port: server.port + 1))=s3cret"
            #expect(try await stranger.send("GET", image, headers: ["Cookie": otherPort]).status == 403, "another server's cookie")
            #expect(try await stranger.send("GET", image, headers: ["Cookie": "\(ReviewService.cookieName(port: server.port))=guess"]).status == 403)

            let first = try await stranger.send("GET", "/?token=s3cret")
            #expect(first.status == 200)
            let cookie = try #require(first.headers["set-cookie"])
            #expect(cookie == "\(ReviewService.cookieName(port: server.port))=s3cret; Path=/; SameSite=Strict")
            let sent = ["Cookie": "theme=dark; " + String(cookie.prefix { $0 != ";" })]
            let later = try await stranger.send("GET", image, headers: sent)
            #expect(later.status == 200 && Data(later.body) == fixture.bytes(ReviewFixture.light))
            #expect(later.headers["set-cookie"] == nil, "the cookie is set once, by a URL with the token")
            // The cookie reads; it does not change anything.
            let change = try await stranger.send("POST", "/approve", headers: sent.merging(["Content-Type": "application/json"]) { $1 },
                                                 body: Array("{\"file\":\"\(ReviewFixture.light)\"}".utf8))
            #expect(change.status == 403 && change.error?.contains("X-Pyramid-Token") == true, "\(change.text)")
            #expect(await server.service.currentDecisions.isEmpty)
        }
    }

    @Test("hostile requests get a clear 4xx and change nothing")
    func hostile() async throws {
        try await withServer { fixture, server, http in
            let before = fixture.snapshot()
            let cases: [(String, String, [String: String], [UInt8], String?, Int, String)] = [
                ("GET", "/files/../outside/secret.png", [:], [], nil, 400, "`..`"),
                ("GET", "/files/%2e%2e/outside/secret.png", [:], [], nil, 400, "`..`"),
                ("GET", "/files/Settings/%2E%2E/%2E%2E/outside/secret.png", [:], [], nil, 400, "`..`"),
                ("GET", "/files//etc/passwd.png", [:], [], nil, 400, "absolute"),
                ("GET", "/files/link.png", [:], [], nil, 400, "symbolic link"),
                ("GET", "/files/out/secret.png", [:], [], nil, 400, "symbolic link"),
                ("GET", "/files/Settings/manifest.json", [:], [], nil, 404, "only PNG"),
                ("GET", "/files/Settings/Phone/nope.png", [:], [], nil, 404, "no such file"),
                ("GET", "/files/%zz.png", [:], [], nil, 400, "percent-encoding"),
                ("GET", "/artifacts/99", [:], [], nil, 404, "no such artifact"),
                ("GET", "/artifacts/-1", [:], [], nil, 404, "no such artifact"),
                ("GET", "/etc/passwd", [:], [], nil, 404, "no such page"),
                ("GET", "/", [:], [], "evil.example:80", 403, "127.0.0.1"),
                ("GET", "/approve", [:], [], nil, 405, "use POST"),
                ("DELETE", "/files/Settings/Phone/loaded.light_en.png", [:], [], nil, 405, "use GET or HEAD"),
                ("POST", "/approve", ["Content-Type": "application/json"], Array("{\"file\":\"\(ReviewFixture.light)\"}".utf8), nil, 403, "token"),
                ("POST", "/approve", ["Content-Type": "application/json", "X-Pyramid-Token": "guess"], Array("{\"file\":\"\(ReviewFixture.light)\"}".utf8), nil, 403, "wrong token"),
                ("POST", "/approve", json.merging(["Origin": "http://evil.example"]) { $1 }, Array("{\"file\":\"\(ReviewFixture.light)\"}".utf8), nil, 403, "evil.example"),
                ("POST", "/approve", ["Content-Type": "text/plain", "X-Pyramid-Token": "s3cret"], Array("{\"file\":\"\(ReviewFixture.light)\"}".utf8), nil, 415, "JSON"),
                ("POST", "/approve", json, Array("{\"file\":".utf8), nil, 400, "not a JSON object"),
                ("POST", "/approve", json, Array("{\"name\":\"x\"}".utf8), nil, 400, "neither"),
                ("POST", "/approve", json, Array("{\"file\":\"../outside/secret.png\"}".utf8), nil, 400, "`..`"),
                ("POST", "/approve", json, Array("{\"file\":\"/etc/passwd\"}".utf8), nil, 400, "absolute"),
                ("POST", "/approve", json, Array("{\"file\":\"link.png\"}".utf8), nil, 404, "no image under review"),
                ("POST", "/approve", json, Array("{\"file\":\"Settings/Phone/other.png\"}".utf8), nil, 404, "no image under review"),
                ("POST", "/approve", json, Array("{\"view\":\"Nothing\"}".utf8), nil, 404, "no image under review in Nothing"),
                ("POST", "/approve", json, Array("{\"file\":\"\(ReviewFixture.broken)\"}".utf8), nil, 422, "not a valid PNG"),
                ("POST", "/approve", json, Array("{\"file\":\"\(ReviewFixture.recorded)\"}".utf8), nil, 409, "no actual image"),
                ("POST", "/reject", json, Array(repeating: UInt8(ascii: " "), count: 70_000), nil, 413, "larger than 65536 bytes"),
            ]
            for (method, target, headers, body, host, status, message) in cases {
                let response = try await http.send(method, target, headers: headers, body: body, host: host)
                #expect(response.status == status, "\(method) \(target): \(response.status) \(response.text)")
                if !message.isEmpty {
                    #expect(response.error?.contains(message) == true, "\(method) \(target): \(response.text)")
                }
                if status == 405 { #expect(response.headers["allow"] != nil) }
            }
            #expect(fixture.snapshot() == before, "no request changed a file")
            #expect(await server.service.currentDecisions.isEmpty)
        }
    }

    @Test("bytes that are not HTTP get 400 and end only their own connection")
    func notHTTP() async throws {
        try await withServer { fixture, server, http in
            let connection = try await RawConnection.open(port: server.port)
            defer { connection.close() }
            let raw = try await connection.blocking {
                try $0.sendAll(Array("GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n".utf8))
                return try $0.readToEnd()
            }
            let answer = try RawHTTP.parse(raw)
            #expect(answer.status == 400)
            #expect(answer.headers["connection"] == "close")
            #expect(try await http.send("GET", "/files/" + ReviewFixture.light).status == 200)
        }
    }

    @Test("approve replaces the reference atomically and updates the manifest; reject keeps the reference")
    func approveAndReject() async throws {
        try await withServer { fixture, server, http in
            let darkBefore = fixture.bytes(ReviewFixture.dark)
            let rejected = try await http.send("POST", "/reject", headers: json, body: Array("{\"file\":\"\(ReviewFixture.dark)\"}".utf8))
            #expect(rejected.status == 200, "\(rejected.text)")
            #expect(fixture.bytes(ReviewFixture.dark) == darkBefore)

            let approved = try await http.send("POST", "/approve", headers: json, body: Array("{\"file\":\"\(ReviewFixture.light)\"}".utf8))
            #expect(approved.status == 200, "\(approved.text)")
            #expect(approved.text == "{\"decision\":\"approved\",\"files\":[\"\(ReviewFixture.light)\"]}")
            #expect(fixture.bytes(ReviewFixture.light) == fixture.actual(ReviewFixture.light))
            #expect(fixture.bytes(ReviewFixture.dark) == darkBefore)
            let state = try #require(try fixture.manifest("Settings").states["loaded"])
            #expect(state.inNavigation, "the state's flags are kept")
            #expect(state.snapshots.map(\.file) == ["Phone/loaded.dark_en.png", "Phone/loaded.light_en.png", "Phone/loaded.light_ja.png"])
            #expect(try !FileManager.default.contentsOfDirectory(atPath: fixture.root + "/Settings/Phone").contains { $0.hasPrefix(".") },
                    "no temporary file is left")
            #expect(await server.service.currentDecisions == [ReviewFixture.light: .approved, ReviewFixture.dark: .rejected])

            let page = try await http.send("GET", "/")
            #expect(page.text.contains("\"decision\":\"approved\""))
            #expect(page.text.contains("\"decision\":\"rejected\""))
            #expect(page.text.contains("\"reference\":\"/files/Settings/Phone/loaded.light_en.png\""), "an approved image shows the new reference")
        }
    }

    @Test("approving a view approves each of its images under review")
    func approveView() async throws {
        try await withServer { fixture, _, http in
            let recordedBefore = try #require(fixture.bytes(ReviewFixture.recorded))
            let response = try await http.send("POST", "/approve", headers: json, body: Array("{\"view\":\"Settings\"}".utf8))
            #expect(response.status == 200, "\(response.text)")
            #expect(response.text == "{\"decision\":\"approved\",\"files\":[\"\(ReviewFixture.dark)\",\"\(ReviewFixture.light)\"]}")
            #expect(fixture.bytes(ReviewFixture.recorded) == recordedBefore, "the recorded reference is left alone")
            #expect(fixture.bytes(ReviewFixture.light) == fixture.actual(ReviewFixture.light))
            #expect(fixture.bytes(ReviewFixture.dark) == fixture.actual(ReviewFixture.dark))
            // The view with a corrupt actual image is refused as a whole.
            let broken = fixture.bytes(ReviewFixture.broken)
            #expect(try await http.send("POST", "/approve", headers: json, body: Array("{\"view\":\"Broken\"}".utf8)).status == 422)
            #expect(fixture.bytes(ReviewFixture.broken) == broken)
        }
    }
}
