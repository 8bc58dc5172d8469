import Testing
@testable import WebDriver

@Suite("Remote ends")
struct RemoteEndTests {
    @Test("PYRAMID_WEBDRIVER_URL names one or more http remote ends, with or without a base path")
    func parsing() throws {
        let ends = try RemoteEnd.fromEnvironment(["PYRAMID_WEBDRIVER_URL": "http://grid:4444/wd/hub/, http://10.0.0.6:9515 http://grid:4444/wd/hub"])
        #expect(ends == [RemoteEnd(host: "grid", port: 4444, basePath: "/wd/hub"), RemoteEnd(host: "10.0.0.6", port: 9515)])
        #expect(ends[0].description == "http://grid:4444/wd/hub")
        #expect(try RemoteEnd.fromEnvironment([:]).isEmpty)
        #expect(try RemoteEnd.fromEnvironment(["PYRAMID_WEBDRIVER_URL": "  "]).isEmpty)
        #expect(try RemoteEnd(parsing: "http://node").port == 80)
    }

    @Test("an entry that is not an http remote end is refused, naming it and why", arguments: [
        ("https://grid:4444", "only http is supported"), ("grid:4444", "the scheme is grid"), ("http://:4444", "names no host"),
        ("http://grid:70000", "port 70000 is out of range"), ("http//grid", "not a URL"),
    ])
    func invalid(_ text: String, _ reason: String) {
        let error = #expect(throws: WebDriverError.self) { try RemoteEnd.fromEnvironment(["PYRAMID_WEBDRIVER_URL": "http://ok:1,\(text)"]) }
        #expect(error?.description.contains("PYRAMID_WEBDRIVER_URL: '\(text)' is not a WebDriver remote end") == true, "\(String(describing: error))")
        #expect(error?.description.contains(reason) == true, "\(String(describing: error))")
    }

    @Test("sessions go to the least busy end that is not lost; a lost end comes last, and back when it answers again")
    func ordering() {
        let table = RemoteEndTable(retryAfter: .seconds(3600))
        let a = RemoteEnd(host: "a", port: 1), b = RemoteEnd(host: "b", port: 1), c = RemoteEnd(host: "c", port: 1)
        let ends = [a, b, c]
        // Sessions opened at the same time spread: each reservation counts at once.
        #expect(table.reserve(ends, excluding: []) == a)
        #expect(table.reserve(ends, excluding: []) == b)
        #expect(table.reserve(ends, excluding: []) == c)
        #expect(table.reserve(ends, excluding: []) == a)
        // A lost end comes last, even with fewer sessions; an end already tried is skipped.
        table.markLost(b, reason: "remote end b cannot be reached")
        #expect(table.lostReason(b) == "remote end b cannot be reached")
        #expect(table.reserve(ends, excluding: []) == c)
        #expect(table.reserve(ends, excluding: [a, c]) == b, "all others tried: the lost end is tried too")
        table.sessionClosed(on: b)
        // Closed sessions free their end; an end that answers is no longer lost.
        for _ in 0..<2 { table.sessionClosed(on: a) }
        #expect(table.reserve(ends, excluding: []) == a)
        table.answered(b)
        #expect(table.lostReason(b) == nil)
        #expect(table.reserve(ends, excluding: [a]) == b, "answering again, b ranks by its sessions (1) before c (2)")
    }

    @Test("without any remote end that answers, launching says which ends were tried and why")
    func noneAnswers() async {
        let options = ChromiumOptions(startupTimeout: .seconds(5), remoteEnds: [RemoteEnd(host: "127.0.0.1", port: 1), RemoteEnd(host: "127.0.0.1", port: 2)])
        let error = await #expect(throws: WebDriverError.self) { try await Browser.launch(options) }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.hasPrefix("no remote end created a session:"), "\(text)")
        #expect(text.contains("remote end http://127.0.0.1:1 cannot be reached") && text.contains("remote end http://127.0.0.1:2 cannot be reached"), "\(text)")
    }
}
