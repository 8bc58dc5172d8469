import Foundation
import PyramidIO
import Testing
@testable import WebDriver

/// A DevTools connection of its own to a local browser's page, beside the WebDriver session:
/// commands answered by id, errors with the browser's reason, events pushed as they happen,
/// one connection shared, and a clear error once the browser is gone or is not on this machine.
@Suite("DevTools connection beside a session", .timeLimit(.minutes(10)))
struct DevToolsSocketTests {
    @Test("commands answer, a bad one fails with the browser's reason and its method, events arrive, the connection is shared, one never answered fails in its time; after the browser closes, a command fails")
    func commandsAndEvents() async throws {
        let browser = try await Browser.launch()
        let session = browser.session
        #expect(session.offersDevToolsSocket)
        let socket = try await session.devToolsSocket()
        let again = try await session.devToolsSocket()
        #expect(socket === again, "one connection for the window")

        let answer = try await socket.send("Runtime.evaluate", ["expression": "6 * 7", "returnByValue": true])
        #expect(answer["result"]?["value"]?.doubleValue == 42)
        await #expect {
            try await socket.send("Page.noSuchCommand")
        } throws: { error in
            guard case WebDriverError.transport(let reason, let request) = error else { return false }
            return reason.contains("wasn't found") && request.path.hasSuffix(" Page.noSuchCommand")
        }

        // The page's load, pushed by the browser while a WebDriver command navigates.
        let loads = Locked<[String]>([])
        socket.setEventHandler { event in
            if event.method == "Page.frameNavigated", let url = event.params["frame"]?["url"]?.stringValue { loads.withValue { $0.append(url) } }
        }
        try await socket.send("Page.enable")
        try await session.navigate(to: "data:text/html,<p>one</p>")
        let seen = await poll(until: .seconds(30)) { loads.value.contains { $0.hasPrefix("data:text/html") } }
        #expect(seen, "\(loads.value)")
        socket.setEventHandler(nil)

        // A command the browser never answers (a promise that never settles) fails when its time
        // runs out, naming the command, and the connection goes on.
        await #expect {
            try await socket.send("Runtime.evaluate", ["expression": "new Promise(() => {})", "awaitPromise": true], within: .milliseconds(300))
        } throws: { error in
            guard case WebDriverError.transport(let reason, let request) = error else { return false }
            return reason.contains("did not answer Runtime.evaluate") && request.path.hasSuffix(" Runtime.evaluate")
        }
        let after = try await socket.send("Runtime.evaluate", ["expression": "1 + 1", "returnByValue": true])
        #expect(after["result"]?["value"]?.doubleValue == 2)

        await browser.close()
        await #expect(throws: WebDriverError.self) { try await socket.send("Runtime.evaluate", ["expression": "1"]) }
        #expect(socket.hasEnded)
    }

    @Test("a session whose browser is not on this machine offers none, and asking says why")
    func remote() async throws {
        let session = WebDriverSession(id: "remote", client: LoopbackHTTPClient(host: "127.0.0.1", port: 9, requestTimeout: .seconds(1)))
        #expect(!session.offersDevToolsSocket)
        await #expect {
            try await session.devToolsSocket()
        } throws: { error in
            guard case WebDriverError.transport(let reason, _) = error else { return false }
            return reason.contains("not on this machine")
        }
    }

    /// Polls `condition` every 20 ms until it holds or `limit` passes (a hang guard, not a timing).
    func poll(until limit: Duration, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }
}
