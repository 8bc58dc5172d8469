import Foundation
import Testing

@testable import HTTPStubs
@testable import HTTPStubsCore

@Suite("Near misses")
struct NearMissTests {
    private func report(_ stubs: StubRegistry, _ request: StubRequest) -> String? {
        guard case .unmatched(let report) = stubs.respond(to: request) else { return nil }
        return report.description
    }

    @Test("ranks the closest stubs by criteria matched and shows each criterion with expected and actual")
    func ranking() throws {
        let stubs = StubRegistry()
        stubs.stub(.post("/other")).respond(.status(200))
        stubs.stub(.get("/articles/{id}").query("page", "1").header("Accept", .contains("json"))).named("article by id").respond(.status(200))
        stubs.stub(.get("/articles")).respond(.status(200))
        stubs.stub(.delete("/x").query("a", "b")).respond(.status(200))
        let request = try StubRequest(method: "GET", url: "/articles/42?page=2", headers: ["Accept": "text/html"])
        #expect(report(stubs, request) == """
        No stub matched GET /articles/42?page=2
        Closest stubs (3 of 4):
        1. "article by id": 2 of 4 criteria matched
           ✓ method: GET
           ✓ path: template /articles/{id}
           ✗ query page: expected equal to "1", got "2"
           ✗ header Accept: expected contains "json", got "text/html"
        2. GET /articles: 1 of 2 criteria matched
           ✓ method: GET
           ✗ path: expected /articles, got /articles/42
        3. POST /other: 0 of 2 criteria matched
           ✗ method: expected POST, got GET
           ✗ path: expected /other, got /articles/42
        """)
    }

    @Test("the closest stub comes first wherever it was registered: the method, then how much of the path, then the query and body")
    func closenessOverRegistrationOrder() throws {
        let stubs = StubRegistry()
        // Registered first, so the registry tries it last.
        stubs.stub(.get(.url("/items?page=1"))).named("items_page_1").respond(.status(200))
        stubs.stub(.get("/items/{id}")).named("item by id").respond(.status(200))
        stubs.stub(.post(.url("/items?page=2"))).named("post items").respond(.status(201))
        stubs.stub(.get("/image.png")).named("image").respond(.status(200))
        stubs.stub(.get("/items").query("page", "3").body(.contains("x"))).named("items page 3 with x").respond(.status(200))
        stubs.stub(.get("/items").query("page", "3")).named("items page 3").respond(.status(200))
        guard case .unmatched(let report) = stubs.respond(to: try StubRequest(method: "GET", url: "/items?page=2")) else {
            Issue.record("a stub matched GET /items?page=2")
            return
        }
        // The whole path, the one with fewer failed criteria first; then the same path with another
        // query. A path sharing only its first segment, another path and another method come after.
        #expect(report.nearMisses.map(\.stubName) == ["\"items page 3\"", "\"items page 3 with x\"", "\"items_page_1\""])
        // A recording's stubs, as a user met them: the page-1 stub was listed last of three.
        let recording = StubRegistry()
        recording.stub(.get(.url("/items?page=1"))).named("items_page_1").respond(.status(200))
        recording.stub(.get("/me")).named("me").respond(.status(200))
        recording.stub(.post("/orders")).named("orders").respond(.status(201))
        recording.stub(.get("/image.png")).named("image").respond(.status(200))
        guard case .unmatched(let recorded) = recording.respond(to: try StubRequest(method: "GET", url: "/items?page=2")) else {
            Issue.record("a stub matched GET /items?page=2")
            return
        }
        #expect(recorded.nearMisses.map(\.stubName) == ["\"items_page_1\"", "\"image\"", "\"me\""])
    }

    @Test("a failed JSON criterion shows a line diff, expected − and actual +")
    func jsonDiff() throws {
        let stubs = StubRegistry()
        stubs.stub(.post("/articles").body(.equalToJSON(["title": "Hello", "tags": ["a"], "draft": false]))).respond(.status(201))
        let request = try StubRequest(method: "POST", url: "/articles", body: #"{"title":"Hello","tags":["a","b"],"draft":true}"#)
        #expect(report(stubs, request) == """
        No stub matched POST /articles
        Closest stubs (1 of 1):
        1. POST /articles: 2 of 3 criteria matched
           ✓ method: POST
           ✓ path: /articles
           ✗ body: expected JSON equal to {"draft":false,"tags":["a"],"title":"Hello"}, got {"draft":true,"tags":["a","b"],"title":"Hello"}
               {
             −   "draft": false,
             +   "draft": true,
                 "tags": [
             −     "a"
             +     "a",
             +     "b"
                 ],
                 "title": "Hello"
               }
        """)
    }

    @Test("a stub waiting for another scenario state shows the state it needs")
    func scenarioState() throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/cart")).inScenario("checkout", whenState: "filled").respond(.status(200))
        #expect(report(stubs, try StubRequest(method: "GET", url: "/cart")) == """
        No stub matched GET /cart
        Closest stubs (1 of 1):
        1. GET /cart: 2 of 3 criteria matched
           ✓ method: GET
           ✓ path: /cart
           ✗ scenario checkout: expected state "filled", got state "Started"
        """)
    }

    @Test("no stubs at all is said plainly")
    func empty() throws {
        #expect(report(StubRegistry(), try StubRequest(method: "GET", url: "/a?b=c")) == "No stub matched GET /a?b=c\nNo stubs are registered.")
    }

    @Test("the line diff keeps common lines and orders removals before additions")
    func lineDiff() {
        #expect(LineDiff.lines(expected: "a\nb\nc", actual: "a\nx\nc\nd") == ["  a", "− b", "+ x", "  c", "+ d"])
        #expect(LineDiff.lines(expected: "same", actual: "same") == ["  same"])
    }
}
