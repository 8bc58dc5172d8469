import ChromiumRenderer
import Foundation
import ShopTestSupport
import ShopWeb
import Testing
import VisualTesting

/// The reference app's real screens across the device × theme matrix, a test per screen as
/// seed 004 writes a suite per view: each of the screen's ``ShopPreview`` states as the running
/// `shop-app` serves it (its renderer, its view models, reached by a person's actions), rendered
/// in Chromium and checked against `__Snapshots__/<screen>/<device>/`. The app speaks Japanese
/// only, so the locale axis is ja alone.
@Suite("shop-app の画面スナップショット", .tags(.snapshot))
struct ShopScreenSnapshotTests {
    static let matrix = SnapshotConfiguration(locales: ["ja"], precision: 0.998)

    /// The screens each test below covers, in order.
    static let screens = ["Login", "Home", "ProductList", "ProductDetail", "Cart", "Profile", "UserList", "Articles", "Register"]

    static func states(of screen: String) -> [ShopPreview] { ShopPreview.allCases.filter { $0.screen == screen } }

    static func check(_ preview: ShopPreview) async throws {
        let app = try await SharedShopApp.shared.url()
        let page = HTMLPage(url: app.appendingPathComponent("preview").appendingPathComponent(preview.rawValue))
        let results = await VisualTesting.assertViewSnapshot(
            of: page, viewName: preview.screen, stateName: preview.rawValue, configuration: matrix)
        #expect(results.count == 6, "three devices, light and dark")
    }

    @Test("ログイン", arguments: states(of: "Login"))
    func login(_ state: ShopPreview) async throws { try await Self.check(state) }

    @Test("ホームとカメラの許可", arguments: states(of: "Home"))
    func home(_ state: ShopPreview) async throws { try await Self.check(state) }

    @Test("商品一覧と検索", arguments: states(of: "ProductList"))
    func productList(_ state: ShopPreview) async throws { try await Self.check(state) }

    @Test("商品の詳細", arguments: states(of: "ProductDetail"))
    func productDetail(_ state: ShopPreview) async throws { try await Self.check(state) }

    @Test("カート: 商品あり、空、注文後", arguments: states(of: "Cart"))
    func cart(_ state: ShopPreview) async throws { try await Self.check(state) }

    @Test("プロフィール: ユーザーカード、設定、ログアウトの確認", arguments: states(of: "Profile"))
    func profile(_ state: ShopPreview) async throws { try await Self.check(state) }

    @Test("ユーザー一覧", arguments: states(of: "UserList"))
    func userList(_ state: ShopPreview) async throws { try await Self.check(state) }

    @Test("記事の検索", arguments: states(of: "Articles"))
    func articles(_ state: ShopPreview) async throws { try await Self.check(state) }

    @Test("組織登録", arguments: states(of: "Register"))
    func register(_ state: ShopPreview) async throws { try await Self.check(state) }

    @Test("どのプレビューもちょうど一つの画面のテストが撮る")
    func everyPreviewIsChecked() {
        #expect(Self.screens.flatMap(Self.states(of:)).map(\.rawValue).sorted() == ShopPreview.allCases.map(\.rawValue).sorted())
        #expect(Self.screens.allSatisfy { !Self.states(of: $0).isEmpty })
    }
}

extension Tag {
    /// Snapshot tests: a level of their own in `pyramid spec`'s test pyramid.
    @Tag static var snapshot: Self
}
