import Foundation
import PyramidIO
import Testing
@testable import WebDriver

/// No Chromium process outlives its browser, however the work ends.
@Suite("Browser lifecycle", .serialized)
struct BrowserLifecycleTests {
    @Test("close deletes the session, ends the process group and removes the profile")
    func closeLeavesNothing() async throws {
        let browser = try await Browser.launch()
        try await browser.session.navigate(to: fixtureURL("login.html"))
        #expect(leftovers(of: browser).count > 2, "chromedriver, Chromium and its helpers run in the group")
        #expect(leftovers(of: browser).contains { $0.commandLine.contains("pyramid-watchdog") }, "and a watchdog beside it")
        await browser.close()
        #expect(leftovers(of: browser).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: browser.profileDirectory))
        #expect(!browser.isRunning)
        await browser.close()  // a second close does nothing
    }

    @Test("a failing body still closes the browser")
    func failureLeavesNothing() async throws {
        struct Failure: Error {}
        var seen: (group: Int32, profile: String)?
        await #expect(throws: Failure.self) {
            try await withBrowser { browser in
                seen = (browser.processGroup, browser.profileDirectory)
                try await browser.session.navigate(to: fixtureURL("login.html"))
                throw Failure()
            }
        }
        let (group, profile) = try #require(seen)
        #expect(leftovers(group: group, profile: profile).isEmpty)
    }

    @Test("a cancelled task still closes the browser")
    func cancellationLeavesNothing() async throws {
        let started = AsyncStream<(Int32, String)>.makeStream()
        let task = Task {
            try await withBrowser { browser in
                started.continuation.yield((browser.processGroup, browser.profileDirectory))
                try await Task.sleep(for: .seconds(60))
            }
        }
        var iterator = started.stream.makeAsyncIterator()
        let (group, profile) = try #require(await iterator.next())
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(leftovers(group: group, profile: profile).isEmpty)
    }

    @Test("a test process that exits with a browser still open leaves no Chromium behind")
    func processExitLeavesNothing() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardOutputContent]) {
            let browser = try await Browser.launch()
            try await browser.session.navigate(to: "about:blank")
            print("GROUP \(browser.processGroup) \(browser.profileDirectory)")
            fflush(nil)
            exit(1)  // as a failing test run ends: no close
        }
        let output = String(decoding: try #require(result).standardOutputContent, as: UTF8.self)
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("GROUP ") })
        let fields = line.split(separator: " ")
        let group = try #require(Int32(fields[1]))
        let profile = String(fields[2])
        // The kill at exit is asynchronous; give the group a moment to go.
        for _ in 0..<100 where !leftovers(group: group, profile: profile).isEmpty {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(leftovers(group: group, profile: profile).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: profile))
    }

    @Test("a test process killed with SIGKILL leaves no chromedriver, Chromium or watchdog behind, nor its profile")
    func sigkillLeavesNothing() async throws {
        let result = await #expect(processExitsWith: .signal(SIGKILL), observing: [\.standardOutputContent]) {
            let browser = try await Browser.launch()
            try await browser.session.navigate(to: "about:blank")
            let running = leftovers(of: browser)
            let watchdogs = running.filter { $0.commandLine.contains("pyramid-watchdog") }.count
            print("GROUP \(browser.processGroup) \(browser.profileDirectory) \(running.count) \(watchdogs)")
            fflush(nil)
            kill(getpid(), SIGKILL)  // as a timeout or a crashed runner ends a test process: no code of ours runs
        }
        let output = String(decoding: try #require(result).standardOutputContent, as: UTF8.self)
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("GROUP ") }, "the child printed: \(output)")
        let fields = line.split(separator: " ")
        try #require(fields.count == 5, "the child printed: \(line)")
        let group = try #require(Int32(fields[1]))
        let profile = String(fields[2])
        #expect(try #require(Int(fields[3])) > 3, "chromedriver, Chromium, its helpers and the watchdog were running")
        #expect(fields[4] == "1", "one watchdog guarded the group")
        // A hang guard, not a timing assertion: the watchdog ends the group within about a second.
        for _ in 0..<200 where !leftovers(group: group, profile: profile).isEmpty {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(leftovers(group: group, profile: profile).isEmpty, "left: \(leftovers(group: group, profile: profile))")
        #expect(!FileManager.default.fileExists(atPath: profile))
    }

    @Test("a missing chromedriver names where it looked and the package to install")
    func missingDriver() async throws {
        let error = await #expect(throws: WebDriverError.self) {
            try await Browser.launch(ChromiumOptions(chromedriverPath: "/nonexistent/chromedriver"))
        }
        guard case .missingExecutable(let missing) = try #require(error) else {
            Issue.record("expected missingExecutable, got \(String(describing: error))")
            return
        }
        #expect(missing == MissingExecutable(name: "chromedriver", searched: ["/nonexistent/chromedriver"], debianPackage: "chromium-driver"))
        #expect(error?.description == "chromedriver was not found (looked in /nonexistent/chromedriver). Install it with: sudo apt-get install chromium-driver")
    }

    @Test("a driver that exits at start fails with its output, and leaves nothing")
    func driverThatDies() async throws {
        let fake = FileManager.default.temporaryDirectory.appendingPathComponent("fake-chromedriver-\(UUID().uuidString)").path
        try "#!/bin/sh\necho 'cannot bind: address in use'\nexit 3\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        defer { try? FileManager.default.removeItem(atPath: fake) }
        let error = await #expect(throws: WebDriverError.self) {
            try await Browser.launch(ChromiumOptions(chromedriverPath: fake))
        }
        let message = try #require(error).description
        #expect(message.contains("exited with status 3"))
        #expect(message.contains("cannot bind: address in use"))
    }
}
