import Foundation
import ShopCore
import UITesting
import UITestingWeb

/// The shop the UI tests drive: seed 000's and seed 002's app as a web page (`App/shop.html`),
/// opened in Chromium by `WebUIDriver`.
enum ShopApp {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("App/shop.html").absoluteString
}

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

    static func app(environment: [String: String] = [:]) -> WebAppExecutable {
        WebAppExecutable(path: path, environment: environment)
    }
}
