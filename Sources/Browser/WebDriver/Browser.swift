import Foundation
import NIOHTTP1
import PyramidIO

/// A running Chromium with one WebDriver session: started through a local chromedriver, or
/// opened on a remote end (``RemoteEnd``, `PYRAMID_WEBDRIVER_URL`).
///
/// A local browser owns its process group: `close()` deletes the session, then ends
/// chromedriver, Chromium and every helper they started, and removes the
/// temporary profile. `withBrowser` closes it on every path out, errors and
/// cancellation included. A process that ends without closing it still leaves
/// nothing behind: a normal exit ends the group and removes the profile, and so does
/// the group's watchdog when the process is killed outright (SIGKILL, a crash).
/// A remote browser's `close()` deletes its session on the remote end. A session attached to a
/// browser that was running already (`AttachableChromium`) ends only its chromedriver.
public final class Browser: @unchecked Sendable {
    /// The browser's WebDriver session.
    public let session: WebDriverSession
    /// chromedriver's process id, which is also the id of the group Chromium runs in; 0 for a
    /// session on a remote end.
    package let processGroup: Int32
    /// The temporary profile folder; unique, so it also finds this browser's processes. Empty
    /// for a session on a remote end.
    package let profileDirectory: String
    /// The remote end the session is on; nil for a local chromedriver.
    package let remoteEnd: RemoteEnd?
    /// Whether the end offers Chrome DevTools commands (`goog/cdp/execute`), which device,
    /// colour-scheme, locale and time-zone emulation use. A Grid may not forward them.
    package let offersDevTools: Bool
    /// The DevTools address of the running browser this session's chromedriver attached to
    /// (`AttachableChromium`): a browser other processes used before, that goes on after
    /// `close()`. Nil when the browser is this session's own, or remote.
    package let attachedTo: String?

    private let driver: ProcessGroup?
    private let closed = Locked(false)

    private init(session: WebDriverSession, driver: ProcessGroup, profileDirectory: String, attachedTo: String?) {
        self.session = session
        self.driver = driver
        self.processGroup = driver.pid
        self.profileDirectory = profileDirectory
        self.remoteEnd = nil
        self.offersDevTools = true
        self.attachedTo = attachedTo
    }

    private init(session: WebDriverSession, remoteEnd: RemoteEnd, offersDevTools: Bool) {
        self.session = session
        self.driver = nil
        self.processGroup = 0
        self.profileDirectory = ""
        self.remoteEnd = remoteEnd
        self.offersDevTools = offersDevTools
        self.attachedTo = nil
    }

    /// Opens a session: on the least busy remote end that answers when `options` (or
    /// `PYRAMID_WEBDRIVER_URL`) names remote ends, else in a chromedriver started here on a free port.
    /// - Throws: `WebDriverError.missingExecutable` naming the packages to install,
    ///   `.driverDidNotStart` with chromedriver's output, `.invalidRemoteEnd`, `.noRemoteEnd`
    ///   with every end's reason, or the session error.
    public static func launch(_ options: ChromiumOptions = ChromiumOptions()) async throws -> Browser {
        let ends = try options.resolvedRemoteEnds()
        if !ends.isEmpty { return try await connect(ends, options: options) }
        if let address = options.attachAddress() { return try await attach(to: address, options: options) }
        let (chromium, chromedriver) = try options.executables()
        return try await startLocal(chromedriver, options: options, attachedTo: nil) { client, workspace in
            try await createSession(client, chromium: chromium, options: options, profile: workspace + "/profile")
        }
    }

    /// Opens a session in a chromedriver started here, attached to the running browser at
    /// `address` (`AttachableChromium`), in a blank tab of its own. Closing it ends chromedriver;
    /// the browser, in a process group of its own, goes on running.
    private static func attach(to address: String, options: ChromiumOptions) async throws -> Browser {
        let chromedriver = try ChromiumOptions.chromedriver.resolve(options.chromedriverPath).get()
        // Said before anything touches the browser: an attach that fails half-way changed it too.
        if let marker = options.attachMarkerPath() { _ = FileManager.default.createFile(atPath: marker, contents: nil) }
        return try await startLocal(chromedriver, options: options, attachedTo: address) { client, _ in
            try await openOnlyABlankTab(address, timeout: options.startupTimeout)
            return (try await createSession(client, chromeOptions: ["debuggerAddress": .string(address)]).id, address)
        }
    }

    /// Starts chromedriver with a new temporary folder (`workspace`) and opens its session with
    /// `open`, which returns the session's id and the browser's DevTools address. Whatever fails
    /// once chromedriver runs ends it and removes the folder.
    private static func startLocal(
        _ chromedriver: String, options: ChromiumOptions, attachedTo: String?,
        open: (_ client: LoopbackHTTPClient, _ workspace: String) async throws -> (id: String, devTools: String?)
    ) async throws -> Browser {
        let workspace = try temporaryWorkspace()
        let (driver, port) = try await startDriver(chromedriver, log: workspace + "/chromedriver.log", workspace: workspace, timeout: options.startupTimeout)
        do {
            let (session, devTools) = try await open(LoopbackHTTPClient(host: "127.0.0.1", port: port, requestTimeout: options.startupTimeout), workspace)
            let commands = LoopbackHTTPClient(host: "127.0.0.1", port: port, requestTimeout: options.commandTimeout)
            return Browser(
                session: WebDriverSession(id: session, client: commands, devToolsAddress: devTools), driver: driver,
                profileDirectory: workspace, attachedTo: attachedTo)
        } catch {
            await Task { await driver.terminate(grace: .milliseconds(500)) }.value
            try? FileManager.default.removeItem(atPath: workspace)
            throw error
        }
    }

    /// A new folder in the temporary folder for a browser's profile and logs; its unique name
    /// also finds the browser's processes.
    static func temporaryWorkspace() throws -> String {
        let workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("pyramid-chromium-\(UUID().uuidString.prefix(12))").path
        try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
        return workspace
    }

    /// Leaves the browser at `address` with one blank tab: a new one opened, every other page
    /// closed. What a process killed mid-test left in its tab (a dialog open, which would hold
    /// chromedriver's attach until its own time-out, a script still running, a history) goes
    /// with the tab; what the browser keeps for every tab (cookies, storage) is the UI tests'
    /// reset's to clear.
    private static func openOnlyABlankTab(_ address: String, timeout: Duration) async throws {
        let list = WebDriverRequest(method: "GET", path: "/json/list", body: nil)
        guard let devTools = DevToolsAddress(address) else {
            throw WebDriverError.transport("'\(address)' is not a DevTools address (HOST:PORT)", request: list)
        }
        let client = devTools.client(requestTimeout: timeout)
        let pages = try await client.send(.GET, "/json/list")
        let old = ((try? JSONValue.decode(pages.body))?.arrayValue ?? []).filter { $0["type"]?.stringValue == "page" }.compactMap { $0["id"]?.stringValue }
        // With a length: a PUT without one goes chunked, which the browser's server does not read.
        let opened = try await client.send(.PUT, "/json/new?about:blank", body: [])
        guard opened.status == 200, let new = (try? JSONValue.decode(opened.body))?["id"]?.stringValue else {
            throw WebDriverError.transport(
                "the browser at \(address) opened no tab (status \(opened.status)): \(String(decoding: opened.body.prefix(300), as: UTF8.self))",
                request: WebDriverRequest(method: "PUT", path: "/json/new?about:blank", body: nil))
        }
        for id in old where id != new { _ = try await client.send(.GET, "/json/close/\(id)") }
    }

    /// Deletes the session, ends the whole process group and removes the profile.
    /// Runs to the end even when the calling task is cancelled; later calls do nothing.
    public func close() async {
        let first = closed.withValue { closed in
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        let session = session, workspace = profileDirectory
        guard let driver else {
            // A remote session: delete it, briefly, unless its end is already known lost.
            if let remoteEnd {
                RemoteEndTable.shared.sessionClosed(on: remoteEnd)
                PoolsAtExit.sessionDeleted(session.id)
                guard RemoteEndTable.shared.lostReason(remoteEnd) == nil else { return }
                await Self.deleteRemoteSession(session.id, client: session.client)
            }
            return
        }
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

    /// Deletes a remote session, briefly; one that cannot be deleted is named on standard error
    /// with its end (left open, it holds the end's slot until the end's own timeout).
    static func deleteRemoteSession(_ id: String, client: LoopbackHTTPClient) async {
        var client = client
        client.requestTimeout = .seconds(3)
        let end = client.remoteEnd.map { "\($0)" } ?? "\(client.host):\(client.port)"
        await Task {
            do {
                try await WebDriverSession(id: id, client: client).delete()
            } catch {
                FileHandle.standardError.write(Data("warning: the WebDriver session \(id) on \(end) could not be deleted: \(error)\n".utf8))
            }
        }.value
    }

    /// Whether chromedriver is still running; for a remote session, whether its end is not lost.
    package var isRunning: Bool {
        if let driver { return driver.isRunning }
        return remoteEnd.map { RemoteEndTable.shared.lostReason($0) == nil } ?? false
    }

    /// chromedriver's output so far (empty for a remote session).
    package var driverLog: String { driver?.log() ?? "" }

    /// Opens a session on the first of `ends`, least busy first, that creates one.
    private static func connect(_ ends: [RemoteEnd], options: ChromiumOptions) async throws -> Browser {
        var refusals: [String] = []
        var tried: Set<RemoteEnd> = []
        let table = RemoteEndTable.shared
        // Whatever ends this process from now on deletes the session (PoolsAtExit).
        PoolsAtExit.remoteSessionStarting()
        while let end = table.reserve(ends, excluding: tried) {
            tried.insert(end)
            let client = LoopbackHTTPClient(remoteEnd: end, requestTimeout: options.startupTimeout)
            let id: String
            // A signal that comes while the end creates the session waits for it, then deletes it.
            PoolsAtExit.creation(started: true)
            do {
                id = try await createSession(client, chromeOptions: options.remoteChromeOptions()).id
                PoolsAtExit.sessionCreated(id, client: client)
                PoolsAtExit.creation(started: false)
            } catch {
                PoolsAtExit.creation(started: false)
                table.sessionClosed(on: end)
                refusals.append("\(end): \(error)")
                continue
            }
            table.answered(end)
            var commands = client
            commands.requestTimeout = options.commandTimeout
            let session = WebDriverSession(id: id, client: commands)
            return Browser(session: session, remoteEnd: end, offersDevTools: await offersDevTools(session))
        }
        throw WebDriverError.noRemoteEnd(refusals)
    }

    /// Whether `goog/cdp/execute` answers: an unknown command (or path) means it is not offered.
    private static func offersDevTools(_ session: WebDriverSession) async -> Bool {
        do {
            try await session.devTools("Browser.getVersion")
            return true
        } catch WebDriverError.devToolsUnavailable {
            return false
        } catch WebDriverError.malformedResponse {
            return false
        } catch {
            return true
        }
    }

    /// The environment chromedriver, and the Chromium it starts, run with: this process's, but
    /// a `TMPDIR` too long for Chromium's singleton socket (`TMPDIR/.org.chromium.Chromium.XXXXXX/
    /// SingletonSocket`, at most 107 bytes in a Unix socket's address) becomes `/tmp`. Bazel's
    /// `TEST_TMPDIR`, which `pyramid spec --shard auto` gives the tests, is about 100 bytes long:
    /// Chromium started there exits at once ("Chrome instance exited").
    static func driverEnvironment(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        if let temporary = environment["TMPDIR"], temporary.utf8.count > 60 { environment["TMPDIR"] = "/tmp" }
        return environment
    }

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
                driver = try ProcessGroup(
                    executable: chromedriver, arguments: ["--port=0"], logPath: log,
                    environment: driverEnvironment(ProcessInfo.processInfo.environment), workspace: workspace)
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
        let marker = "started successfully on port "
        let wait = try await driver.waitForOutput(timeout: timeout) { log -> Int? in
            guard let range = log.range(of: marker) else { return nil }
            return Int(log[range.upperBound...].prefix { $0.isNumber }).flatMap { $0 > 0 ? $0 : nil }
        }
        switch wait {
        case .matched(let port): return port
        case .exited(let status, let log): throw WebDriverError.driverDidNotStart(reason: "it exited with status \(status)", log: String(log.suffix(4_000)))
        case .timedOut(let log): throw WebDriverError.driverDidNotStart(reason: "it did not print its port within \(timeout)", log: String(log.suffix(4_000)))
        }
    }

    /// A local session: its id, and the browser's own DevTools address (`localhost:PORT`).
    private static func createSession(
        _ client: LoopbackHTTPClient, chromium: String, options: ChromiumOptions, profile: String
    ) async throws -> (id: String, devTools: String?) {
        var chromeOptions: [String: JSONValue] = [
            "args": .array(options.arguments(profile: profile).map { .string($0) }),
            "excludeSwitches": ["enable-automation", "enable-logging"],
        ]
        if options.chromiumPath != nil || ProcessInfo.processInfo.environment["CHROMIUM_PATH"] != nil {
            chromeOptions["binary"] = .string(chromium)
        }
        return try await createSession(client, chromeOptions: chromeOptions)
    }

    /// `POST /session` with the capabilities a Grid matches on: `browserName` and `goog:chromeOptions`.
    private static func createSession(_ client: LoopbackHTTPClient, chromeOptions: [String: JSONValue]) async throws -> (id: String, devTools: String?) {
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
        return (id, value["capabilities"]?["goog:chromeOptions"]?["debuggerAddress"]?.stringValue)
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
