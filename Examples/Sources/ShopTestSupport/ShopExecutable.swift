import Foundation
import ShopCore
import UITesting
import UITestingWeb

// Seed 002's `AccessibilityID` and `TestScenario` are the app's own (ShopCore), shared with
// the tests as an iOS app shares them with its UI test target.
extension TestScenario: LaunchScenario {}

/// The reference app as a process of its own (`shop-app`, built beside the test binary), for
/// the UI tests (which launch it per test) and the snapshot tests (which render its previews).
public enum ShopExecutable {
    public static var path: String {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("shop-app").path
        if FileManager.default.isExecutableFile(atPath: besideTests) { return besideTests }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/shop-app").path
    }

    /// The app with its in-process API (`--mock-api`), or, with `mockAPI: false`, the API at
    /// `API_BASE_URL` in `environment`.
    public static func app(mockAPI: Bool = true, environment: [String: String] = [:]) -> WebAppExecutable {
        WebAppExecutable(path: path, arguments: mockAPI ? ["--mock-api"] : [], environment: environment)
    }
}

/// One `shop-app` for the whole test process, started by the first test that asks: the
/// snapshot tests render its previews, which never change its state. It ends with the process.
public actor SharedShopApp {
    public static let shared = SharedShopApp()
    private var running: Task<RunningWebApp, any Error>?

    /// The app's URL, once it is up. A start that failed is tried again by the next caller.
    public func url() async throws -> URL {
        if running == nil { running = Task { try await ShopExecutable.app().start() } }
        do {
            return try await running!.value.url
        } catch {
            running = nil
            throw error
        }
    }
}
