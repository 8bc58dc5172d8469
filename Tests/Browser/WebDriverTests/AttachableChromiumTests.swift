import Foundation
import PyramidIO
import PyramidTestSupport
import Testing
@testable import WebDriver

/// A browser kept across processes: sessions attach to it one after another, closing one ends
/// only its chromedriver, and closing the browser leaves nothing.
@Suite("A browser sessions attach to", .serialized, .timeLimit(.minutes(10)))
struct AttachableChromiumTests {
    @Test("sessions attach one after another to the same browser, which outlives them; closing it leaves nothing")
    func sessionsAttachAndLeaveItRunning() async throws {
        let chromium = try await offThePool { try AttachableChromium.start() }
        var options = ChromiumOptions()
        options.debuggerAddress = chromium.address
        #expect(!ProcessTable.processes(commandLineContaining: chromium.workspace).isEmpty)

        let marker = chromium.workspace + "/attached"
        options.attachMarker = marker
        let first = try await Browser.launch(options)
        #expect(first.attachedTo == chromium.address)
        #expect(FileManager.default.fileExists(atPath: marker), "the session said it attached")
        try await first.session.navigate(to: fixtureURL("login.html"))
        let firstTab = try await first.session.currentWindowHandle()
        try await first.session.devTools("Network.setCookie", ["name": "left", "value": "1", "domain": "127.0.0.1", "path": "/"])
        await first.close()
        #expect(ProcessTable.members(ofGroup: first.processGroup).isEmpty, "its chromedriver is gone")
        #expect(!FileManager.default.fileExists(atPath: first.profileDirectory))
        #expect(chromium.isRunning, "the browser is not")

        // The next session finds the same browser (the cookie the first one set), in a blank tab
        // of its own: the first one's is closed.
        let second = try await Browser.launch(options)
        let cookies = try await second.session.devTools("Network.getAllCookies")["cookies"]?.arrayValue ?? []
        #expect(cookies.contains { $0["name"] == "left" && $0["value"] == "1" })
        #expect(try await second.session.windowHandles().count == 1)
        #expect(try await second.session.currentWindowHandle() != firstTab)
        #expect(try await second.session.currentURL() == "about:blank")
        await second.close()

        try await offThePool { chromium.close() }
        #expect(!chromium.isRunning)
        #expect(ProcessTable.processes(commandLineContaining: chromium.workspace).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: chromium.workspace))
    }

    @Test("the address to attach to, and the file that says a session attached: the option, else the environment")
    func attachAddress() {
        var marked = ChromiumOptions()
        #expect(marked.attachMarkerPath(environment: [AttachableChromium.attachMarkerVariable: ""]) == nil)
        #expect(marked.attachMarkerPath(environment: [AttachableChromium.attachMarkerVariable: "/tmp/a"]) == "/tmp/a")
        marked.attachMarker = "/tmp/b"
        #expect(marked.attachMarkerPath(environment: [AttachableChromium.attachMarkerVariable: "/tmp/a"]) == "/tmp/b")

        var options = ChromiumOptions()
        #expect(options.attachAddress(environment: [:]) == nil)
        #expect(options.attachAddress(environment: [AttachableChromium.environmentVariable: ""]) == nil)
        #expect(options.attachAddress(environment: [AttachableChromium.environmentVariable: "127.0.0.1:9222"]) == "127.0.0.1:9222")
        options.debuggerAddress = "127.0.0.1:1234"
        #expect(options.attachAddress(environment: [AttachableChromium.environmentVariable: "127.0.0.1:9222"]) == "127.0.0.1:1234")
    }

    @Test("a browser that cannot start says why: not installed, or exited before saying where its DevTools listen")
    func startFailures() async throws {
        let absent = ChromiumOptions(chromiumPath: "/nonexistent/chromium")
        let missing = try await #require(throws: AttachableChromium.StartError.self) { try await offThePool { try AttachableChromium.start(absent) } }
        guard case .missing(let executable) = missing else { Issue.record("not a missing executable: \(missing)"); return }
        #expect(executable.searched == ["/nonexistent/chromium"])
        #expect("\(missing)".hasSuffix("Install it with: sudo apt-get install chromium"))

        let failing = ChromiumOptions(chromiumPath: "/bin/false")
        let exited = try await #require(throws: AttachableChromium.StartError.self) { try await offThePool { try AttachableChromium.start(failing) } }
        #expect("\(exited)" == "Chromium (/bin/false) did not start: it exited with status 1")
    }
}
