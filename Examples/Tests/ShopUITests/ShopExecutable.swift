import Foundation
import ShopCore
import UITesting
import UITestingWeb

// Seed 002's `AccessibilityID` and `TestScenario` are the app's own (ShopCore), shared with
// these tests as an iOS app shares them with its UI test target.
extension TestScenario: LaunchScenario {}

/// The reference app as a process of its own (`shop-app`, built beside this test binary).
enum ShopExecutable {
    static var path: String {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("shop-app").path
        if FileManager.default.isExecutableFile(atPath: besideTests) { return besideTests }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/shop-app").path
    }

    /// The app with its in-process API (`--mock-api`), or, with `mockAPI: false`, the API at
    /// `API_BASE_URL` in `environment`.
    static func app(mockAPI: Bool = true, environment: [String: String] = [:]) -> WebAppExecutable {
        WebAppExecutable(path: path, arguments: mockAPI ? ["--mock-api"] : [], environment: environment)
    }
}
