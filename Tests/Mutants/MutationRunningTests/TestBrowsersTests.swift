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
    @Test("a browser lent to a test that passed, or that never attached to it, is lent again; one a failing test attached to is closed, and the next test gets a new one")
    func keptOnlyAfterAPass() async throws {
        let browsers = TestBrowsers()
        let first = try #require(try await offThePool { browsers.lend() })
        #expect(first.isRunning)
        browsers.giveBack(first, testPassed: true)
        #expect(try await offThePool { browsers.lend() } === first)
        browsers.giveBack(first, testPassed: false, attached: false)
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

    @Test("a test process is handed its browser's address; one that attached and failed loses the browser, one that never attached keeps it")
    func testProcessAttaches() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pyramid-test-browsers-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A stand-in for a test binary: says the address it was handed; with ATTACH, creates the
        // marker file as a session attaching does, and fails.
        let bundle = folder + "/tests"
        try """
            #!/bin/sh
            echo "address=$PYRAMID_CHROMIUM_ADDRESS"
            [ -z "$ATTACH" ] && exit 0
            : > "$PYRAMID_CHROMIUM_ATTACHED"
            exit 1

            """.write(toFile: bundle, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle)
        let browsers = TestBrowsers()
        let process = TestProcess(bundle: bundle, browsers: browsers)
        let log = folder + "/output.log"

        let quiet = try await offThePool { process.run("ShopTests.Suite/test()", browser: true, environment: [:], timeout: 60, log: log) }
        #expect(quiet.outcome == .passed && !quiet.attached)
        let kept = try #require(try await offThePool { browsers.lend() })
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "address=\(kept.address)\n")
        browsers.giveBack(kept, testPassed: true)

        let failing = try await offThePool { process.run("ShopTests.Suite/test()", browser: true, environment: ["ATTACH": "1"], timeout: 60, log: log) }
        #expect(failing.outcome == .failed(status: 1) && failing.attached)
        #expect(!kept.isRunning, "closed: the failing test had attached to it")

        let without = try await offThePool { process.run("ShopTests.Suite/test()", browser: false, environment: [:], timeout: 60, log: log) }
        #expect(without.outcome == .passed && !without.attached)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "address=\n", "no browser asked for, none handed")
        try await offThePool { browsers.close() }
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
