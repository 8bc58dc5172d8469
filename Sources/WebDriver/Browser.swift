import Foundation
import PyramidIO

/// A running Chromium with one WebDriver session, started through chromedriver.
///
/// The browser owns its process group: `close()` deletes the session, then ends
/// chromedriver, Chromium and every helper they started, and removes the
/// temporary profile. `withBrowser` closes it on every path out, errors and
/// cancellation included. A process that ends without closing it still leaves
/// nothing behind: a normal exit ends the group and removes the profile, and so does
/// the group's watchdog when the process is killed outright (SIGKILL, a crash).
public final class Browser: @unchecked Sendable {
    public let session: WebDriverSession
    /// chromedriver's process id, which is also the id of the group Chromium runs in.
    public let processGroup: Int32
    /// The temporary profile folder; unique, so it also finds this browser's processes.
    public let profileDirectory: String

    private let driver: ProcessGroup
    private let closed = Locked(false)

    private init(session: WebDriverSession, driver: ProcessGroup, profileDirectory: String) {
        self.session = session
        self.driver = driver
        self.processGroup = driver.pid
        self.profileDirectory = profileDirectory
    }

    /// Starts chromedriver on a free port and opens a session.
    /// - Throws: `WebDriverError.missingExecutable` naming the packages to install,
    ///   `.driverDidNotStart` with chromedriver's output, or the session error.
    public static func launch(_ options: ChromiumOptions = ChromiumOptions()) async throws -> Browser {
        let (chromium, chromedriver) = try options.executables()

        let workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("pyramid-chromium-\(UUID().uuidString.prefix(12))").path
        try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
        let profile = workspace + "/profile"
        let log = workspace + "/chromedriver.log"

        let (driver, port) = try await startDriver(chromedriver, log: log, workspace: workspace, timeout: options.startupTimeout)
        do {
            let client = LoopbackHTTPClient(host: "127.0.0.1", port: port, requestTimeout: options.startupTimeout)
            let session = try await createSession(client, chromium: chromium, options: options, profile: profile)
            let commands = LoopbackHTTPClient(host: "127.0.0.1", port: port, requestTimeout: options.commandTimeout)
            return Browser(session: WebDriverSession(id: session, client: commands), driver: driver, profileDirectory: workspace)
        } catch {
            await Task { await driver.terminate(grace: .milliseconds(500)) }.value
            try? FileManager.default.removeItem(atPath: workspace)
            throw error
        }
    }

    /// Deletes the session, ends the whole process group and removes the profile.
    /// Runs to the end even when the calling task is cancelled; later calls do nothing.
    public func close() async {
        let first = closed.withValue { closed in
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        let session = session, driver = driver, workspace = profileDirectory
        await Task {
            if driver.isRunning {
                let quick = WebDriverSession(id: session.id, client: LoopbackHTTPClient(
                    host: session.client.host, port: session.client.port, requestTimeout: .seconds(3)))
                try? await quick.delete()
            }
            await driver.terminate()
            try? FileManager.default.removeItem(atPath: workspace)
        }.value
    }

    /// Whether chromedriver is still running.
    public var isRunning: Bool { driver.isRunning }

    /// chromedriver's output so far.
    public var driverLog: String { driver.log() }

    /// Starts chromedriver on a port of its choosing and returns it with that port. A
    /// chromedriver that exits because the port it picked was taken meanwhile ("IPv4 port not
    /// available", seen under a busy test run) is started again, up to three times.
    static func startDriver(
        _ chromedriver: String, log: String, workspace: String, timeout: Duration
    ) async throws -> (ProcessGroup, Int) {
        var attempt = 1
        while true {
            let driver: ProcessGroup
            do {
                driver = try ProcessGroup(executable: chromedriver, arguments: ["--port=0"], logPath: log, workspace: workspace)
            } catch {
                try? FileManager.default.removeItem(atPath: workspace)
                throw WebDriverError.driverDidNotStart(reason: "\(error)", log: "")
            }
            do {
                return (driver, try await waitForPort(driver, timeout: timeout))
            } catch WebDriverError.driverDidNotStart(_, let output)
                where attempt < 3 && (output.contains("port not available") || output.contains("Address already in use")) {
                await driver.terminate(grace: .milliseconds(100))
                attempt += 1
            } catch {
                await Task { await driver.terminate(grace: .milliseconds(500)) }.value
                try? FileManager.default.removeItem(atPath: workspace)
                throw error
            }
        }
    }

    private static func waitForPort(_ driver: ProcessGroup, timeout: Duration) async throws -> Int {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        let marker = "started successfully on port "
        while ContinuousClock.now < deadline {
            let log = driver.log()
            if let range = log.range(of: marker) {
                let digits = log[range.upperBound...].prefix { $0.isNumber }
                if let port = Int(digits), port > 0 { return port }
            }
            if let status = driver.exitCode {
                throw WebDriverError.driverDidNotStart(reason: "it exited with status \(status)", log: log)
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw WebDriverError.driverDidNotStart(reason: "it did not print its port within \(timeout)", log: driver.log())
    }

    private static func createSession(
        _ client: LoopbackHTTPClient, chromium: String, options: ChromiumOptions, profile: String
    ) async throws -> String {
        var chromeOptions: [String: JSONValue] = [
            "args": .array(options.arguments(profile: profile).map { .string($0) }),
            "excludeSwitches": ["enable-automation", "enable-logging"],
        ]
        if options.chromiumPath != nil || ProcessInfo.processInfo.environment["CHROMIUM_PATH"] != nil {
            chromeOptions["binary"] = .string(chromium)
        }
        let capabilities: JSONValue = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "pageLoadStrategy": "normal",
                    // A page's alert, confirm or prompt stays open until a command answers it
                    // (the default dismisses it at the next command and reports an error).
                    "unhandledPromptBehavior": "ignore",
                    "goog:chromeOptions": .object(chromeOptions),
                ]
            ]
        ]
        let value = try await WebDriverSession.send(client, method: "POST", path: "/session", body: capabilities)
        guard let id = value["sessionId"]?.stringValue else {
            throw WebDriverError.malformedResponse("no sessionId in \(value)",
                request: WebDriverRequest(method: "POST", path: "/session", body: nil))
        }
        return id
    }
}

/// Runs `body` with a new browser and closes it afterwards, however `body` ends.
public func withBrowser<T: Sendable>(
    _ options: ChromiumOptions = ChromiumOptions(), _ body: (Browser) async throws -> T
) async throws -> T {
    let browser = try await Browser.launch(options)
    do {
        let result = try await body(browser)
        await browser.close()
        return result
    } catch {
        await browser.close()
        throw error
    }
}
