import Foundation
import PyramidTestSupport
import Testing

@testable import HTTPStubs
@testable import HTTPStubsCore

private func request(_ method: String, _ url: String, headers: HTTPHeaders = [:], body: String = "") throws -> StubRequest {
    try StubRequest(method: method, url: url, headers: headers, body: body)
}

private func request(_ url: String, headers: HTTPHeaders = [:]) throws -> StubRequest {
    try StubRequest(method: "GET", url: url, headers: headers)
}

/// Whether `pattern` matches, and the names of the criteria that failed.
private func check(_ pattern: RequestPattern, _ request: StubRequest) -> (Bool, [String]) {
    let evaluation = pattern.evaluate(request)
    return (evaluation.matched, evaluation.criteria.filter { !$0.matched }.map(\.name))
}

@Suite("StubRequest")
struct StubRequestTests {
    @Test("splits a URL into path and decoded query; headers are case-insensitive")
    func parts() throws {
        let request = try StubRequest(method: "get", url: "https://qiita.com/api/v2/items?page=1&query=%E8%A8%98&flag",
                                      headers: ["Content-Type": "application/json", "X-A": "1", "x-a": "2"])
        #expect(request.method == "GET")
        #expect(request.path == "/api/v2/items")
        #expect(request.queryValues("query") == ["記"])
        #expect(request.queryValues("flag") == [""])
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers.values(for: "X-A") == ["1", "2"])
        #expect(request.summary == "GET /api/v2/items?page=1&query=%E8%A8%98&flag")
    }

    @Test("the query is kept as sent for url matching, and decoded for parameters")
    func rawQuery() throws {
        let request = try StubRequest(method: "GET", url: "/s?q=a%2Bb&r=c+d")
        #expect(request.pathAndQuery == "/s?q=a%2Bb&r=c+d")
        #expect(request.queryValues("q") == ["a+b"])
        #expect(StubRequest(method: "GET", path: "/s", query: [URLQueryItem(name: "k", value: "記")]).pathAndQuery == "/s?k=%E8%A8%98")
    }

    @Test("a URL without a path has the path /")
    func emptyPath() throws {
        #expect(try StubRequest(method: "GET", url: "http://localhost:8080").path == "/")
    }
}

@Suite("Matching")
struct MatcherTests {
    @Test("method matches exactly; nil matches any")
    func method() throws {
        #expect(check(.post("/a"), try request("POST", "/a")) == (true, []))
        #expect(check(.post("/a"), try request("GET", "/a")) == (false, ["method"]))
        #expect(check(.any("/a"), try request("DELETE", "/a")) == (true, []))
    }

    @Test("exact path, template with decoded captures, and regex")
    func paths() throws {
        #expect(check(.get("/items"), try request("/items")).0)
        #expect(!check(.get("/items"), try request("/items/")).0)
        let evaluation = RequestPattern.get("/users/{user}/articles/{id}").evaluate(try request("/users/%E3%81%82/articles/42"))
        #expect(evaluation.matched)
        #expect(evaluation.captures == ["user": "あ", "id": "42"])
        #expect(!check(.get("/articles/{id}"), try request("/articles/42/comments")).0)
        #expect(!check(.get("/articles/{id}"), try request("/articles/")).0)
        #expect(check(.get(.regex("/articles/[0-9]+")), try request("/articles/42")).0)
        #expect(!check(.get(.regex("/articles/[0-9]+")), try request("/articles/4x")).0)
        #expect(check(.get(.url("/items?page=1")), try request("/items?page=1")).0)
        #expect(!check(.get(.url("/items?page=1")), try request("/items?page=2")).0)
        #expect(check(.get(.urlRegex("/items\\?page=[0-9]")), try request("/items?page=7")).0)
    }

    @Test("template metacharacters are literal")
    func templateEscapes() throws {
        #expect(check(.get("/a.b/{id}"), try request("/a.b/1")).0)
        #expect(!check(.get("/a.b/{id}"), try request("/aXb/1")).0)
    }

    @Test("query: equal, present, absent, regex, contains; any repeated value may match")
    func query() throws {
        let url = "/items?page=2&tag=a&tag=b&q=swift%20testing"
        let positive: [RequestPattern] = [
            .get("/items").query("page", "2"),
            .get("/items").query("tag", "b"),
            .get("/items").query("q", .present),
            .get("/items").query("debug", .absent),
            .get("/items").query("page", .matches("[0-9]+")),
            .get("/items").query("q", .contains("test")),
            .get("/items").query("q", .equalTo("SWIFT TESTING", caseInsensitive: true)),
            .get("/items").query("q", .doesNotContain("kotlin")),
            .get("/items").query("q", .doesNotMatch("[0-9]+")),
        ]
        for pattern in positive { #expect(check(pattern, try request(url)).0, "\(pattern.query)") }
        let negative: [RequestPattern] = [
            .get("/items").query("page", "1"),
            .get("/items").query("tag", "c"),
            .get("/items").query("debug", .present),
            .get("/items").query("page", .absent),
            .get("/items").query("page", .matches("[a-z]+")),
            .get("/items").query("q", .contains("kotlin")),
            .get("/items").query("q", .equalTo("SWIFT TESTING")),
            .get("/items").query("q", .doesNotContain("swift")),
            .get("/items").query("debug", .doesNotMatch("x")),
        ]
        for pattern in negative { #expect(check(pattern, try request(url)) == (false, ["query \(pattern.query[0].name)"])) }
    }

    @Test("headers: equal, contains, regex, absent, by any-case name")
    func headers() throws {
        let sent = try request("/a", headers: ["Accept": "application/json", "Authorization": "Bearer abc.def"])
        #expect(check(.get("/a").header("accept", "application/json"), sent).0)
        #expect(check(.get("/a").header("ACCEPT", .contains("json")), sent).0)
        #expect(check(.get("/a").header("Authorization", .matches("Bearer [a-z.]+")), sent).0)
        #expect(check(.get("/a").header("Cookie", .absent), sent).0)
        #expect(check(.get("/a").header("Accept", "text/html"), sent) == (false, ["header Accept"]))
        #expect(check(.get("/a").header("Accept", .contains("xml")), sent) == (false, ["header Accept"]))
        #expect(check(.get("/a").header("Authorization", .matches("Basic .*")), sent) == (false, ["header Authorization"]))
        #expect(check(.get("/a").header("Authorization", .absent), sent) == (false, ["header Authorization"]))
    }

    @Test("an invalid regular expression never matches and says so")
    func invalidRegex() throws {
        let evaluation = RequestPattern.get("/a").header("X", .matches("(")).evaluate(try request("/a", headers: ["X": "("]))
        #expect(!evaluation.matched)
        #expect(evaluation.criteria[2].expected == "matches /(/ (invalid regular expression /(/, never matches)")
        #expect(!RequestPattern.get("/a").header("X", .doesNotMatch("(")).evaluate(try request("/a", headers: ["X": "a"])).matched)
    }

    @Test("a pattern that backtracks without end gives up after its step limit: no match, for doesNotMatch too, and the report says so")
    func backtrackingRegex() async throws {
        // 40 a's and no b: (a+)+b tries every way to split them, 2³⁹ ways; the limit allows 2²⁴ or so
        // (steps are counted, so the verdict is the same on any machine).
        let text = String(repeating: "a", count: 40) + "c"
        let sent = try request("POST", "/a", headers: ["X": text], body: text)
        let (header, body, negated, fine) = try await offThePool {
            (RequestPattern.post("/a").header("X", .matches("(a+)+b")).evaluate(sent),
             RequestPattern.post("/a").body(.matches("(a+)+b")).evaluate(sent),
             RequestPattern.post("/a").body(.doesNotMatch("(a+)+b")).evaluate(sent),
             RequestPattern.post("/a").header("X", .matches("a+c")).evaluate(sent))
        }
        #expect(!header.matched && !body.matched && !negated.matched && fine.matched)
        let said = "(gave up after 20 million steps on a text: nested repetition such as (a+)+ backtracks without end, and a text it gives up on, never matches)"
        #expect(header.criteria[2].expected == "matches /(a+)+b/ " + said)
        #expect(body.criteria[2].expected == "matches /(a+)+b/ " + said)
        #expect(negated.criteria[2].expected == "does not match /(a+)+b/ " + said)
        #expect(fine.criteria.allSatisfy { !$0.expected.contains("gave up") })
    }

    @Test("body: equal text and bytes, contains, regex")
    func textBodies() throws {
        let sent = try request("POST", "/a", body: "name=太郎&age=3")
        #expect(check(.post("/a").body(.equalTo("name=太郎&age=3")), sent).0)
        #expect(!check(.post("/a").body(.equalTo("name=太郎")), sent).0)
        #expect(check(.post("/a").body(.equalTo("NAME=太郎&AGE=3", caseInsensitive: true)), sent).0)
        #expect(check(.post("/a").body(.bytes(Data("name=太郎&age=3".utf8))), sent).0)
        #expect(!check(.post("/a").body(.bytes(Data([0xFF]))), sent).0)
        #expect(check(.post("/a").body(.contains("太郎")), sent).0)
        #expect(!check(.post("/a").body(.contains("花子")), sent).0)
        #expect(check(.post("/a").body(.doesNotContain("花子")), sent).0)
        #expect(!check(.post("/a").body(.doesNotContain("太郎")), sent).0)
        #expect(check(.post("/a").body(.matches("name=.+&age=[0-9]+")), sent).0)
        #expect(!check(.post("/a").body(.matches("age=[0-9]+")), sent).0)
        #expect(check(.post("/a").body(.doesNotMatch("age=[0-9]+")), sent).0)
        #expect(!check(.post("/a").body(.doesNotMatch(".*")), sent).0)
    }

    @Test("a body that is not UTF-8 fails text criteria and can still match bytes")
    func binaryBody() {
        let sent = StubRequest(method: "POST", path: "/a", body: Data([0xFF, 0xFE]))
        #expect(!check(.post("/a").body(.contains("")), sent).0)
        #expect(check(.post("/a").body(.bytes(Data([0xFF, 0xFE]))), sent).0)
        #expect(RequestPattern.post("/a").body(.contains("x")).evaluate(sent).criteria[2].actual == "2 bytes, not UTF-8")
    }

    @Test("body: JSON equal with and without options, subset, and not JSON")
    func jsonBodies() throws {
        let sent = try request("POST", "/a", body: #"{"title": "Hello", "tags": ["b", "a"], "count": 1.0, "extra": true}"#)
        #expect(check(.post("/a").body(.equalToJSON(["title": "Hello", "tags": ["b", "a"], "count": 1, "extra": true])), sent).0)
        #expect(!check(.post("/a").body(.equalToJSON(["title": "Hello", "tags": ["b", "a"], "count": 1])), sent).0)
        #expect(check(.post("/a").body(.equalToJSON(["title": "Hello", "tags": ["b", "a"], "count": 1], ignoreExtraElements: true)), sent).0)
        #expect(!check(.post("/a").body(.equalToJSON(["title": "Hello", "tags": ["a", "b"]], ignoreExtraElements: true)), sent).0)
        #expect(check(.post("/a").body(.equalToJSON(["title": "Hello", "tags": ["a", "b"]], ignoreArrayOrder: true, ignoreExtraElements: true)), sent).0)
        #expect(check(.post("/a").body(.jsonSubset(["tags": ["a"]])), sent).0)
        #expect(!check(.post("/a").body(.jsonSubset(["tags": ["c"]])), sent).0)
        let notJSON = try request("POST", "/a", body: "title=Hello")
        let evaluation = RequestPattern.post("/a").body(.jsonSubset([:])).evaluate(notJSON)
        #expect(!evaluation.matched)
        #expect(evaluation.criteria[2].actual == "not JSON (invalid JSON at line 1, column 1: expected 'true')")
    }

    @Test("body: JSONPath existence and value")
    func jsonPathBodies() throws {
        let sent = try request("POST", "/a", body: #"{"items": [{"sku": "A1", "qty": 2}], "note": null}"#)
        #expect(check(.post("/a").body(.jsonPath(try JSONPath("$.items[?(@.qty > 1)]"))), sent).0)
        #expect(!check(.post("/a").body(.jsonPath(try JSONPath("$.items[?(@.qty > 5)]"))), sent).0)
        #expect(!check(.post("/a").body(.jsonPath(try JSONPath("$.note"))), sent).0)
        #expect(check(.post("/a").body(.jsonPath(try JSONPath("$.items[0].sku"), "A1")), sent).0)
        #expect(check(.post("/a").body(.jsonPath(try JSONPath("$.items[0].qty"), "2")), sent).0)
        #expect(!check(.post("/a").body(.jsonPath(try JSONPath("$.items[0].sku"), .matches("B.*"))), sent).0)
        #expect(check(.post("/a").body(.jsonPath(try JSONPath("$.missing"), .absent)), sent).0)
    }

    @Test("custom predicates see the whole request")
    func custom() throws {
        let pattern = RequestPattern.any("/a").matching("two query items") { $0.query.count == 2 }
        #expect(check(pattern, try request("/a?x=1&y=2")).0)
        #expect(check(pattern, try request("/a?x=1")) == (false, ["body"]))
        #expect(pattern.evaluate(try request("/a")).criteria[1].expected == "two query items")
    }

    @Test("every criterion is checked even after one fails")
    func allCriteria() throws {
        let pattern = RequestPattern.post("/a").query("q", "1").header("H", "v").body(.contains("x"))
        #expect(check(pattern, try request("GET", "/b")) == (false, ["method", "path", "query q", "header H", "body"]))
    }
}
