import Testing
import ShopCore
import ShopTestSupport
import UITesting
import UITestingWeb

/// Seed 002's system alerts: permission prompts answered by interruption monitors, which run
/// when `app.tap()` (or a blocked action) gives them their turn.
@Suite("システムアラート", .webBrowser, .uiArtifacts, .tags(.ui))
struct SystemAlertUITests {
    let app: UIApp

    init() async throws {
        app = UIApp(driver: try WebUIDriver(app: ShopExecutable.app()))
        try await app.launch(with: TestScenario.loggedIn)
    }

    @Test("カメラの許可を求められたら許可し、カメラ画面が表示される")
    func test_cameraAccess_whenAllowed_showsCamera() async throws {
        // カメラ権限リクエストのトリガー
        try await app.buttons["open_camera"].tap()

        // システムアラートの処理
        app.addUIInterruptionMonitor(withDescription: "Camera Permission") { alert in
            if alert.buttons["Allow"].exists {
                try await alert.buttons["Allow"].tap()
                return true
            }
            return false
        }

        // インタラクションを発生させてモニターをトリガー
        try await app.tap()

        // カメラ画面の確認
        #expect(await app.otherElements["camera_view"].waitForExistence(timeout: 5))
    }

    @Test("通知の許可を拒否すると通知はオフのまま")
    func test_notification_permission() async throws {
        app.addUIInterruptionMonitor(withDescription: "Notification Permission") { alert in
            if alert.buttons["Don't Allow"].exists {
                try await alert.buttons["Don't Allow"].tap()
                return true
            } else if alert.buttons["Allow"].exists {
                try await alert.buttons["Allow"].tap()
                return true
            }
            return false
        }

        try await app.buttons["enable_notifications"].tap()
        #expect(try await app.alerts.firstMatch.label == "“Shop”は通知を送信します。よろしいですか?")
        try await app.tap() // モニターをトリガー
        #expect(await app.alerts.firstMatch.waitForNonExistence(timeout: 2))
        #expect(try await app.staticTexts["notification_state"].label == "通知: オフ")
    }

}
