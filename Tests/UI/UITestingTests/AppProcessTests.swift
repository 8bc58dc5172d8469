import Foundation
import PyramidIO
import Testing
import UITesting
import UITestingWeb

/// An app that runs as its own process, as an iOS app does: each launch starts it with the
/// launch arguments and environment and opens the URL it prints; terminate ends it.
@Suite("Apps as processes", .serialized, .webBrowser, .timeLimit(.minutes(10)))
struct AppProcessTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/launch-app.py").path

    func app(_ extra: [String] = [], timeout: Duration = .seconds(30)) -> WebAppExecutable {
        WebAppExecutable(path: "/usr/bin/env", arguments: ["python3", Self.script] + extra, startupTimeout: timeout)
    }

    @Test("launch starts the app with the launch arguments and environment; a relaunch is a new process; terminate ends it")
    func launchRelaunchTerminate() async throws {
        let driver = try WebUIDriver(app: app())
        let app = UIApp(driver: driver)
        app.launchArguments = ["--mock-api"]
        app.launchEnvironment["TEST_USER_EMAIL"] = "test@example.com"
        try await app.launch(with: Scenario.emptyCart)
        #expect(try await app.staticTexts["arguments"].label == #"["--mock-api", "--uitesting", "--scenario=empty_cart"]"#)
        #expect(try await app.staticTexts["user"].label == "test@example.com")
        let first = try #require(Int32(try await app.staticTexts["pid"].label))
        #expect(try await app.state == .runningForeground)
        #expect(driver.url.hasPrefix("http://127.0.0.1:"))

        try await app.launch()
        let second = try #require(Int32(try await app.staticTexts["pid"].label))
        #expect(second != first)
        #expect(kill(first, 0) != 0, "the first process ended when the app was launched again")

        try await app.terminate()
        #expect(try await app.state == .notRunning)
        #expect(kill(second, 0) != 0, "terminate ended the app's process")
    }

    @Test("an app that exits before printing its URL, or prints none in time, fails the launch with its status and output")
    func startFailures() async throws {
        let crashing = UIApp(driver: try WebUIDriver(app: app(["--crash"])))
        let crash = await #expect(throws: UITestingError.self) { try await crashing.launch() }
        #expect(crash?.description.contains("exited with status 3 before printing its URL") == true, "\(String(describing: crash))")
        #expect(crash?.description.contains("cannot start: --crash was given") == true)

        let silent = UIApp(driver: try WebUIDriver(app: app(["--silent"], timeout: .milliseconds(500))))
        let hang = await #expect(throws: UITestingError.self) { try await silent.launch() }
        #expect(hang?.description.contains("printed no URL within") == true, "\(String(describing: hang))")
    }
}

private enum Scenario: String, LaunchScenario {
    case emptyCart = "empty_cart"
}
