import Foundation
import HTTPStubs
import Testing

@Suite("StubRegistry.journalJSON")
struct JournalJSONTests {
    @Test("lists every request with what answered it, and the unused stubs")
    func journal() throws {
        let stubs = StubRegistry()
        stubs.stub(.post("/a")).named("create").respond(.status(201))
        stubs.stub(.get("/never")).respond(.status(200))
        _ = stubs.respond(to: try StubRequest(method: "POST", url: "https://api.test/a", headers: ["X-Id": "7"], body: "hi"))
        _ = stubs.respond(to: try StubRequest(method: "GET", url: "https://api.test/b", body: Data([0xFF])))
        #expect(stubs.journalJSON.compactText == #"{"requests":[{"index":0,"matched":true,"request":{"body":"hi","#
            + #""headers":[["X-Id","7"]],"method":"POST","url":"https://api.test/a"},"status":201,"stub":"\"create\""},"#
            + #"{"index":1,"matched":false,"request":{"bodyBase64":"/w==","headers":[],"method":"GET","url":"https://api.test/b"}}],"#
            + #""unusedStubs":["GET /never"]}"#)
    }
}
