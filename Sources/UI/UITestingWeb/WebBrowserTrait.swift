import Foundation
import PyramidIO
public import Testing
import UITesting
public import WebDriver

/// A trait that lends each test a browser from a `BrowserPool`, isolated from every other
/// test, for `WebUIDriver(url:)`.
///
/// It exists because the two usual choices are both bad for a UI suite: a new browser per
/// test costs about a second each, and one browser for the whole suite lets a test's cookies,
/// storage and open dialogs leak into the next. Under this trait a test gets a pooled browser,
/// and ``WebUIDriver/reset(session:)`` clears it afterwards in milliseconds. Tests run in
/// parallel up to the pool's capacity; the rest wait for a browser.
///
/// ```swift
/// @Suite(.webBrowser, .uiArtifacts)
/// struct LoginFlowUITests {
///     let app: UIApp
///
///     init() async throws {
///         app = UIApp(driver: try WebUIDriver(url: ShopApp.url))
///         app.launchArguments = ["UI_TESTING"]
///         try await app.launch()
///     }
/// }
/// ```
public struct WebBrowserTrait: TestTrait, SuiteTrait, TestScoping {
    /// The pool the browsers come from.
    public var pool: BrowserPool

    public var isRecursive: Bool { true }

    @TaskLocal static var leasedSession: WebDriverSession?
    /// The app processes the current test launched (``WebUIDriver/init(app:)``), ended with it.
    @TaskLocal static var launchedApps: LaunchedApps?

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // Only a test case gets a browser; a suite's scope, and a test nested in a scope
        // that already holds one (the trait on both suite and test), pass through.
        guard testCase != nil, Self.leasedSession == nil else { return try await function() }
        let apps = LaunchedApps()
        // `PYRAMID_UI_TRACE` set for the run traces every browser test, as Playwright's `trace`
        // option does; a test or suite with `.uiTrace` of its own records as that says.
        let traces = Self.tracesImplicitly(test, environment: ProcessInfo.processInfo.environment)
        do {
            try await pool.withIsolatedSession { session in
                try await Self.$leasedSession.withValue(session) {
                    try await Self.$launchedApps.withValue(apps) {
                        if traces {
                            try await UITraceTrait(mode: nil).provideScope(for: test, testCase: testCase, performing: function)
                        } else {
                            // A trace around this scope ends before the browser is reset for the next test.
                            do {
                                try await function()
                            } catch {
                                await UITraceRecorder.current?.end()
                                throw error
                            }
                            await UITraceRecorder.current?.end()
                        }
                    }
                }
            }
        } catch {
            await apps.terminateAll()
            throw error
        }
        await apps.terminateAll()
    }

    /// The app processes a test launched. As XCUITest ends the app when its test ends, each is
    /// ended when the test is: SIGTERM, then SIGKILL after a grace, so an app that exits on
    /// SIGTERM runs its exit handlers (one writes its coverage profile, when it is built with coverage).
    /// Whether the trait traces `test` itself: the run sets `PYRAMID_UI_TRACE`, and neither the
    /// test nor a scope around it traces already.
    static func tracesImplicitly(_ test: Test, environment: [String: String]) -> Bool {
        UITraceMode.isSet(in: environment) && UITraceRecorder.current == nil && !test.traits.contains { $0 is UITraceTrait }
    }

    final class LaunchedApps: Sendable {
        private let processes = Locked<[ProcessGroup]>([])

        func add(_ process: ProcessGroup) {
            processes.withValue { $0.append(process) }
        }

        func terminateAll() async {
            let all = processes.withValue { all in
                defer { all = [] }
                return all
            }
            for process in all { await process.terminate() }
        }
    }
}

extension Trait where Self == WebBrowserTrait {
    /// Lends each test a browser from the shared pool, reset after the test. See ``WebBrowserTrait``.
    public static var webBrowser: Self { WebBrowserTrait(pool: .shared) }

    /// Lends each test a browser from `pool`, reset after the test.
    public static func webBrowser(pool: BrowserPool) -> Self { WebBrowserTrait(pool: pool) }
}
