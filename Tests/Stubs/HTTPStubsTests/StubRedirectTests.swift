import Foundation
import HTTPStubs
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("StubRegistry.makeSession: redirects")
struct StubRedirectTests {
    @Test("a 301 to another stub is followed inside the session")
    func followed() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/old")).respond(StubResponse(status: 301, headers: ["Location": "/new?x=1"]))
        stubs.stub(.get("/new").query("x", "1")).respond(.text("moved here"))
        let (data, response) = try await stubs.makeSession().data(from: StubClient.url("/old"))
        #expect(StubClient.status(response) == 200)
        #expect(StubClient.text(data) == "moved here")
        #expect(response.url?.absoluteString == "https://api.test/new?x=1")
        #expect(stubs.journal.map(\.request.summary) == ["GET /old", "GET /new?x=1"])
    }

    @Test("a 303 after a POST is followed with a GET without the body; a 307 keeps both")
    func methods() async throws {
        let stubs = StubRegistry()
        stubs.stub(.post("/form")).respond(StubResponse(status: 303, headers: ["Location": "/done"]))
        stubs.stub(.post("/upload")).respond(StubResponse(status: 307, headers: ["Location": "https://other.test/upload2"]))
        stubs.stub(.get("/done")).respond(.text("see other"))
        stubs.stub(.post("/upload2").body(.equalTo("payload"))).respond(.text("kept"))
        let session = stubs.makeSession()
        var form = URLRequest(url: StubClient.url("/form"))
        form.httpMethod = "POST"
        form.httpBody = Data("payload".utf8)
        #expect(StubClient.text(try await session.data(for: form).0) == "see other")
        var upload = form
        upload.url = StubClient.url("/upload")
        #expect(StubClient.text(try await session.data(for: upload).0) == "kept")
        #expect(stubs.journal.map { "\($0.request.method) \($0.request.path) \($0.request.bodyText ?? "")" }
            == ["POST /form payload", "GET /done ", "POST /upload payload", "POST /upload2 payload"])
    }

    @Test("a redirect loop ends with httpTooManyRedirects after the limit")
    func loop() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/a")).respond(StubResponse(status: 302, headers: ["Location": "/b"]))
        stubs.stub(.get("/b")).respond(StubResponse(status: 302, headers: ["Location": "/a"]))
        let session = stubs.makeSession(redirectLimit: 3)
        let error = await StubClient.urlError { _ = try await session.data(from: StubClient.url("/a")) }
        #expect(error?.code == .httpTooManyRedirects)
        #expect(error?.localizedDescription.hasPrefix(
            "more than 3 redirects: https://api.test/a → https://api.test/b → https://api.test/a → https://api.test/b → https://api.test/a") == true)
        #expect(stubs.journal.count == 4)
    }

    @Test("a session delegate that refuses redirects gets the 3xx itself")
    func refused() async throws {
        final class RefuseRedirects: NSObject, URLSessionTaskDelegate {
            func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
                completionHandler(nil)
            }
        }
        let stubs = StubRegistry()
        stubs.stub(.get("/old")).respond(StubResponse(status: 301, headers: ["Location": "/new"]))
        let session = stubs.makeSession(delegate: RefuseRedirects())
        let (_, response) = try await session.data(from: StubClient.url("/old"))
        #expect(StubClient.status(response) == 301)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Location") == "/new")
        #expect(stubs.journal.count == 1)
    }

    @Test("a Location that is not a URL is a clear error")
    func badLocation() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/old")).respond(StubResponse(status: 302, headers: ["Location": "http://[::1"]))
        let error = await StubClient.urlError { _ = try await stubs.makeSession().data(from: StubClient.url("/old")) }
        #expect(error?.code == .badServerResponse)
        #expect(error?.localizedDescription == #"the stub for GET /old redirects to "http://[::1", which is not a valid URL"#)
    }
}
