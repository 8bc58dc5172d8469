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

    /// A device the app is launched on, and the navigation it should show there.
    enum Layout: String, CaseIterable, Sendable {
        case compact = "幅 320 の縦向き: メニューボタン"
        case regular = "幅 390 の縦向き: 展開メニュー"
        case landscape = "横向き: サイドパネルボタン"
    }

    @Test("画面サイズと向きに応じたナビゲーション", arguments: Layout.allCases)
    func test_layout_onAllDevices(_ layout: Layout) async throws {
        switch layout {
        case .compact: app.device = DeviceConfiguration(width: 320, height: 700)
        case .regular: app.device = DeviceConfiguration(width: 390, height: 700)
        case .landscape: app.device.orientation = .landscape
        }
        try await app.launch(with: TestScenario.loggedIn)

        // 画面サイズと向きに応じた要素の存在確認
        if layout == .landscape {
            #expect(try await app.buttons["side_panel_button"].exists)
        } else {
            #expect(try await app.buttons["menu_button"].exists == (layout == .compact))
            #expect(try await app.buttons["expanded_menu"].exists == (layout == .regular))
            #expect(try await !app.buttons["side_panel_button"].exists)
        }
    }
}
