import Foundation
import LivingSpec
import PyramidTestSupport
import Testing
import WebDriver
@testable import MutationRunning

/// The browsers a run keeps across its tests' processes: one goes back only after a test that
/// passed, and a browser that cannot start is said once, not tried at each test.
@Suite("Browsers kept across test processes", .serialized, .timeLimit(.minutes(10)))
struct TestBrowsersTests {
    @Test("a browser lent to a test that passed is lent again; one lent to a test that failed is closed, and the next test gets a new one")
    func keptOnlyAfterAPass() async throws {
        let browsers = TestBrowsers()
        let first = try #require(try await offThePool { browsers.lend() })
        #expect(first.isRunning)
        browsers.giveBack(first, testPassed: true)
        let again = try #require(try await offThePool { browsers.lend() })
        #expect(again === first)
        try await offThePool { browsers.giveBack(again, testPassed: false) }
        #expect(!first.isRunning)
        let new = try #require(try await offThePool { browsers.lend() })
        #expect(new !== first && new.isRunning && new.address != first.address)
        browsers.giveBack(new, testPassed: true)
        try await offThePool { browsers.close() }
        #expect(!new.isRunning)
        #expect(browsers.unavailableReason == nil)
    }

    @Test("only UI and snapshot tests are lent a browser")
    func levels() {
        #expect(TestBrowsers.usesBrowser(.ui) && TestBrowsers.usesBrowser(.snapshot))
        #expect(!TestBrowsers.usesBrowser(.unit) && !TestBrowsers.usesBrowser(.integration))
    }

    @Test("a browser that cannot start: no browser is lent, the reason is kept, and it is not tried again")
    func unavailable() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("pyramid-no-chromium-\(UUID().uuidString.prefix(8))").path
        let count = script + ".count"
        try "#!/bin/sh\necho started >> '\(count)'\nexit 3\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        defer {
            try? FileManager.default.removeItem(atPath: script)
            try? FileManager.default.removeItem(atPath: count)
        }
        let browsers = TestBrowsers(options: ChromiumOptions(chromiumPath: script))
        #expect(try await offThePool { browsers.lend() } == nil)
        #expect(try await offThePool { browsers.lend() } == nil)
        #expect(browsers.unavailableReason == "Chromium (\(script)) did not start: it exited with status 3")
        #expect(try String(contentsOfFile: count, encoding: .utf8) == "started\n", "started once")
    }
}
