import Foundation
import PyramidIO
import UITesting

/// A web app that runs as a process of its own, as an iOS app does: ``WebUIDriver`` starts it
/// at each launch with the launch arguments and environment, opens the URL it prints, and ends
/// it at `terminate()` or the next launch.
///
/// The app's side of the contract: serve on 127.0.0.1 (any free port) and print the URL as the
/// first line of standard output, then read `CommandLine.arguments` and `ProcessInfo`'s
/// environment as an iOS app under XCUITest does (`--uitesting`, `--scenario=…`, `TEST_USER_EMAIL`).
///
/// ```swift
/// let shop = WebAppExecutable(path: ".build/debug/shop-app", environment: ["API_BASE_URL": stubs.baseURL.absoluteString])
/// let app = UIApp(driver: try WebUIDriver(app: shop))
/// try await app.launch(with: TestScenario.fullCart)   // shop-app --uitesting --scenario=full_cart
/// ```
public struct WebAppExecutable: Sendable, Hashable {
    /// The executable.
    public var path: String
    /// Arguments before the launch arguments.
    public var arguments: [String]
    /// Variables added to this process's environment, before the launch environment.
    public var environment: [String: String]
    /// How long the app may take to print its URL: a guard against a hang.
    public var startupTimeout: Duration

    /// An app to start as a process at each launch.
    /// - Parameters:
    ///   - path: The executable.
    ///   - arguments: Arguments before the launch's own.
    ///   - environment: Variables over this process's, before the launch's own.
    ///   - startupTimeout: How long the app may take to print its URL.
    public init(path: String, arguments: [String] = [], environment: [String: String] = [:], startupTimeout: Duration = .seconds(30)) {
        self.path = path
        self.arguments = arguments
        self.environment = environment
        self.startupTimeout = startupTimeout
    }

    /// Starts the app for `configuration` and returns it running, with the URL it printed.
    /// - Throws: `UITestingError.driver(_:)` naming the executable, when it cannot start, exits
    ///   before printing a URL (with its status and output), prints something that is not an
    ///   http URL, or prints nothing within ``startupTimeout``.
    func start(_ configuration: LaunchConfiguration) async throws -> (ProcessGroup, String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("pyramid-app-\(UUID().uuidString.prefix(12)).log").path
        var environment = ProcessInfo.processInfo.environment
        environment.merge(self.environment) { $1 }
        environment.merge(configuration.environment) { $1 }
        let process: ProcessGroup
        do {
            process = try ProcessGroup(
                executable: path, arguments: arguments + configuration.arguments, logPath: log, environment: environment, removesLog: true
            )
        } catch {
            throw UITestingError.driver("the app \(path) could not be started: \(error)")
        }
        let deadline = ContinuousClock.now.advanced(by: startupTimeout)
        let firstLine = try await process.waitForOutput(timeout: startupTimeout) { output in
            output.firstIndex(of: "\n").map { output[..<$0].trimmingCharacters(in: .whitespaces) }
        }
        switch firstLine {
        case .matched(let first):
            guard let url = URL(string: first), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                // An app that prints a reason and exits: say so, with its status. An interpreter
                // can take a while to exit on a busy machine, so wait up to 5 s for it.
                let settle = min(deadline, ContinuousClock.now.advanced(by: .seconds(5)))
                while process.isRunning, ContinuousClock.now < settle { try await Task.sleep(for: .milliseconds(10)) }
                if let status = process.exitCode {
                    let output = process.log().suffix(1_000)
                    await process.terminate(grace: .zero)
                    throw UITestingError.driver("the app \(path) exited with status \(status) before printing its URL; its output: \(output)")
                }
                await process.terminate(grace: .milliseconds(200))
                throw UITestingError.driver("the app \(path) printed \"\(first.prefix(200))\" as its first line, where its URL was expected")
            }
            return (process, first)
        case .exited(let status, let output):
            await process.terminate(grace: .zero)
            throw UITestingError.driver("the app \(path) exited with status \(status) before printing its URL; its output: \(output.suffix(1_000))")
        case .timedOut(let output):
            await process.terminate(grace: .milliseconds(200))
            throw UITestingError.driver("the app \(path) printed no URL within \(startupTimeout); its output: \(output.suffix(1_000))")
        }
    }
}
