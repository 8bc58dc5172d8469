public import Foundation
import PyramidIO
import UITesting

/// A ``WebAppExecutable`` started outside a UI test, for tests that need the app's server and
/// not a person's browser: snapshot tests of its screens (`HTMLPage(url:)`), or HTTP checks.
///
/// It lives until ``terminate(grace:)``; if the test process ends first, normally or killed, the app's
/// process group ends with it.
///
/// ```swift
/// let shop = try await WebAppExecutable(path: ShopExecutable.path).start(arguments: ["--mock-api"])
/// defer { Task { await shop.terminate() } }
/// await VisualTesting.assertViewSnapshot(of: HTMLPage(url: shop.url.appending(path: "preview/login")), viewName: "Login", stateName: "empty")
/// ```
public final class RunningWebApp: Sendable {
    /// The URL the app printed.
    public let url: URL
    /// The app's process id.
    package var pid: pid_t { process.pid }
    private let process: ProcessGroup

    init(url: URL, process: ProcessGroup) {
        self.url = url
        self.process = process
    }

    /// Whether the app is still running.
    package var isRunning: Bool { process.isRunning }

    /// The last `bytes` of what the app wrote to its standard output and error.
    public func output(lastBytes bytes: Int = 4_000) -> String { process.log(lastBytes: bytes) }

    /// Ends the app and whatever it started: SIGTERM, then SIGKILL after `grace`.
    public func terminate(grace: Duration = .seconds(2)) async {
        await process.terminate(grace: grace)
    }
}

extension WebAppExecutable {
    /// Starts the app with `arguments` after its own, and `environment` over its own, and returns
    /// once it has printed its URL.
    /// - Throws: `UITestingError.driver(_:)` as a launch does: when it cannot start, exits
    ///   before printing a URL (with its status and output), prints something that is not an http
    ///   URL, or prints nothing within ``startupTimeout``.
    public func start(arguments: [String] = [], environment: [String: String] = [:]) async throws -> RunningWebApp {
        let (process, text) = try await start(LaunchConfiguration(arguments: arguments, environment: environment))
        guard let url = URL(string: text) else {
            await process.terminate(grace: .milliseconds(200))
            throw UITestingError.driver("the app \(path) printed \"\(text.prefix(200))\", which is not a URL")
        }
        return RunningWebApp(url: url, process: process)
    }
}
