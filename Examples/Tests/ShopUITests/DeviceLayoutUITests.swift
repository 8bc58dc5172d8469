import Testing
import ShopCore
import ShopTestSupport
import UITesting
import UITestingWeb

/// Seed 002's device sizes and orientation: what a simulator per size gives on iOS is a
/// device configuration per launch here.
@Suite("画面サイズと向き", .webBrowser, .uiArtifacts, .tags(.ui))
struct DeviceLayoutUITests {
    let app: UIApp

    init() throws {
        app = UIApp(driver: try WebUIDriver(app: ShopExecutable.app()))
    }

    @Test("コンパクトな幅ではメニューボタン、広い幅では展開メニュー", arguments: [320, 390])
    func test_layout_onAllDeviceSizes(width: Int) async throws {
        app.device = DeviceConfiguration(width: width, height: 700)
        try await app.launch(with: TestScenario.loggedIn)

        // 画面サイズに応じた要素の存在確認
        let isCompact = width < 375
        if isCompact {
            #expect(try await app.buttons["menu_button"].exists)
            #expect(try await !app.buttons["expanded_menu"].exists)
        } else {
            #expect(try await !app.buttons["menu_button"].exists)
            #expect(try await app.buttons["expanded_menu"].exists)
        }
    }

    @Test("横向きではサイドパネルボタンが表示される")
    func test_layout_inLandscape() async throws {
        app.device.orientation = .landscape
        try await app.launch(with: TestScenario.loggedIn)

        // 横向きでのレイアウト確認
        #expect(try await app.buttons["side_panel_button"].exists)

        // 元に戻す
        app.device.orientation = .portrait
        try await app.launch(with: TestScenario.loggedIn)
        #expect(try await !app.buttons["side_panel_button"].exists)
    }
}
