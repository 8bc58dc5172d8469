import Foundation
import PyramidTestSupport
import Testing

@testable import HTTPStubs
@testable import HTTPStubsCore

private struct Article: Encodable {
    var id: String
    var title: String
}

@Suite("Responses")
struct ResponseTests {
    /// This test's folder, removed after it even when it throws.
    private let scratchHttpstubstests = TemporaryFolder("HTTPStubsTests")

    private func answer(_ response: StubResponse, to pattern: RequestPattern = .any(.regex(".*")), for request: StubRequest) -> StubOutcome {
        let stubs = StubRegistry()
        stubs.stub(pattern).respond(response)
        return stubs.respond(to: request)
    }

    @Test("bodies: empty, data, text, JSON, Encodable and file")
    func bodies() throws {
        let request = try StubRequest(method: "GET", url: "/a")
        #expect(answer(.status(204), for: request).response == ResolvedResponse(status: 204))
        #expect(answer(.data(Data([1, 2, 3]), status: 202), for: request).response?.body == Data([1, 2, 3]))
        let text = answer(.text("こんにちは"), for: request).response
        #expect(text?.bodyText == "こんにちは")
        #expect(text?.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(answer(.json(["b": 1, "a": [true, nil]], status: 201), for: request).response
            == ResolvedResponse(status: 201, headers: ["Content-Type": "application/json"], body: Data(#"{"a":[true,null],"b":1}"#.utf8)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = try StubResponse.encodable([Article(id: "a1", title: "記事")], encoder: encoder)
        #expect(answer(encoded, for: request).response?.bodyText == #"[{"id":"a1","title":"記事"}]"#)

        let directory = scratchHttpstubstests.url
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("body.json").path
        try Data(#"{"from":"file"}"#.utf8).write(to: URL(fileURLWithPath: file))
        #expect(answer(.file(file), for: request).response?.bodyText == #"{"from":"file"}"#)
    }

    @Test("a missing body file fails the outcome with the path and reason, and the journal says so")
    func missingFile() throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/a")).named("file stub").respond(.file("/nonexistent/dir/body.json"))
        guard case .failed(let failure) = stubs.respond(to: try StubRequest(method: "GET", url: "/a")) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.description == "stub \"file stub\" matched but cannot answer: cannot read body file /nonexistent/dir/body.json: No such file or directory")
        #expect(stubs.journal.first?.failure == "cannot read body file /nonexistent/dir/body.json: No such file or directory")
        #expect(stubs.journal.first?.status == nil)
    }

    @Test("headers, status, delay and faults pass through for the transport")
    func passThrough() throws {
        let request = try StubRequest(method: "GET", url: "/a")
        let response = answer(.json(["ok": true]).header("X-Trace", "t1").header("content-type", "application/vnd+json").withStatus(299).delayed(by: .milliseconds(250)), for: request).response
        #expect(response?.status == 299)
        #expect(response?.headers == HTTPHeaders([(name: "X-Trace", value: "t1"), (name: "content-type", value: "application/vnd+json")]))
        #expect(response?.delay == .milliseconds(250))
        for fault in [StubFault.connectionReset, .emptyResponse, .malformedChunk, .hangUntilTimeout, .chunkedDribble(chunks: 4, over: .seconds(2))] {
            #expect(answer(.fault(fault), for: request).response?.fault == fault)
        }
    }

    @Test("templates fill in method, path, url, body, query, headers, segments and captures")
    func templating() throws {
        let request = try StubRequest(method: "POST", url: "/users/%E5%A4%AA/articles/42?page=3&page=4",
                                      headers: ["X-Request-Id": "r-9"], body: "hello")
        let template = "{{request.method}} {{request.path}} {{request.url}} {{request.body}} q={{request.query.page}} "
            + "h={{request.headers.x-request-id}} s={{request.pathSegments.[3]}} c={{path.user}}/{{ request.path.id }} none=[{{request.query.missing}}]"
        let outcome = answer(.text(template).header("Location", "/articles/{{path.id}}").templated(),
                             to: .post("/users/{user}/articles/{id}"), for: request)
        #expect(outcome.response?.bodyText
            == "POST /users/%E5%A4%AA/articles/42 /users/%E5%A4%AA/articles/42?page=3&page=4 hello q=3 h=r-9 s=42 c=太/42 none=[]")
        #expect(outcome.response?.headers["Location"] == "/articles/42")
    }

    @Test("without templated() placeholders are sent as written")
    func notTemplated() throws {
        let outcome = answer(.text("{{request.path}}"), for: try StubRequest(method: "GET", url: "/a"))
        #expect(outcome.response?.bodyText == "{{request.path}}")
    }

    @Test("an unsupported placeholder is named when the template is parsed and fails the outcome")
    func badTemplate() throws {
        #expect(throws: ResponseTemplateError(placeholder: "{{jsonPath request.body '$.a'}}", reason: "unsupported placeholder (helpers and other request fields are not supported)")) {
            try ResponseTemplate("x {{jsonPath request.body '$.a'}}")
        }
        #expect(throws: ResponseTemplateError(placeholder: "{{request.path", reason: "unterminated placeholder")) {
            try ResponseTemplate("{{request.path")
        }
        guard case .failed(let failure) = answer(.text("{{request.cookies.a}}").templated(), for: try StubRequest(method: "GET", url: "/a")) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.reason == "cannot template the body: {{request.cookies.a}}: unsupported placeholder (helpers and other request fields are not supported)")
    }
}
