import Foundation
import HTTPStubs
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("StubRegistry.makeSession: answers through URLSession")
struct StubSessionTests {
    @Test("a GET with query and header reaches the stub that asks for them")
    func getWithQueryAndHeaders() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/api/v2/items")).respond(.text("any page"))
        stubs.stub(.get("/api/v2/items").query("page", "2").header("Authorization", "Bearer t0k")).respond(.text("page two"))
        var request = URLRequest(url: StubClient.url("/api/v2/items?page=2&per_page=20"))
        request.setValue("Bearer t0k", forHTTPHeaderField: "Authorization")
        let (data, response) = try await stubs.makeSession().data(for: request)
        #expect(StubClient.status(response) == 200)
        #expect(StubClient.text(data) == "page two")
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "text/plain; charset=utf-8")
    }

    @Test("a POST body is matched as JSON")
    func postBody() async throws {
        let stubs = StubRegistry()
        stubs.stub(.post("/articles").body(.equalToJSON(["title": "Swift", "tags": ["a"]]))).respond(.status(201))
        var request = URLRequest(url: StubClient.url("/articles"))
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"tags":["a"],"title":"Swift"}"#.utf8)
        let (_, response) = try await stubs.makeSession().data(for: request)
        #expect(StubClient.status(response) == 201)
        #expect(stubs.journal.first?.request.bodyText == #"{"tags":["a"],"title":"Swift"}"#)
    }

    @Test("a JSON answer decodes into the client's model")
    func decodesJSON() async throws {
        struct Article: Decodable, Equatable { var id: String; var likes: Int }
        let stubs = StubRegistry()
        stubs.stub(.get("/articles/{id}")).respond(.json(["id": "a1", "likes": 3]))
        let (data, _) = try await stubs.makeSession().data(from: StubClient.url("/articles/a1"))
        #expect(try JSONDecoder().decode(Article.self, from: data) == Article(id: "a1", likes: 3))
    }

    @Test("a templated answer is filled in from the request")
    func templated() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/articles/{id}")).respond(.json(["id": "{{path.id}}", "q": "{{request.query.q}}"]).templated())
        let (data, _) = try await stubs.makeSession().data(from: StubClient.url("/articles/42?q=swift"))
        #expect(StubClient.text(data) == #"{"id":"42","q":"swift"}"#)
    }

    @Test("an unmatched request gets 404 with the near-miss report and stays unmatched in the journal")
    func unmatched() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/articles/{id}")).respond(.status(200))
        let (data, response) = try await stubs.makeSession().data(from: StubClient.url("/article/42"))
        #expect(StubClient.status(response) == 404)
        #expect(StubClient.text(data).hasPrefix("No stub matched GET /article/42\nClosest stubs (1 of 1):"))
        #expect(stubs.unmatchedRequests.map(\.summary) == ["GET /article/42"])
        #expect(stubs.journal.first?.nearMissReport?.description == StubClient.text(data))
    }

    @Test("a stub that cannot make its response answers 500 with the reason")
    func failedStub() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/file")).respond(.file("/nonexistent/body.json"))
        let (data, response) = try await stubs.makeSession().data(from: StubClient.url("/file"))
        #expect(StubClient.status(response) == 500)
        #expect(StubClient.text(data).contains("cannot read body file /nonexistent/body.json"))
    }

    @Test("the configuration's additional headers are seen by the stubs")
    func additionalHeaders() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/me").header("X-App", "pyramid")).respond(.status(204))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["X-App": "pyramid"]
        let (_, response) = try await stubs.makeSession(configuration: configuration).data(from: StubClient.url("/me"))
        #expect(StubClient.status(response) == 204)
    }

    @Test("a 401 with a Bearer challenge reaches the caller (Linux would otherwise try to authenticate)")
    func unauthorized() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/me")).respond(.text("log in").withStatus(401).header("WWW-Authenticate", "Bearer"))
        let (data, response) = try await stubs.makeSession().data(from: StubClient.url("/me"))
        #expect(StubClient.status(response) == 401)
        #expect(StubClient.text(data) == "log in")
    }
}
