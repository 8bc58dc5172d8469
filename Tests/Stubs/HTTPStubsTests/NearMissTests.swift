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
