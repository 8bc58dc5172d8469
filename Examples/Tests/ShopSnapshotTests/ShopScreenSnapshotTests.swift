import ChromiumRenderer
import Foundation
import ShopTestSupport
import ShopWeb
import Testing
import VisualTesting

/// The reference app's real screens across the device × theme matrix: each ``ShopPreview``
/// as the running `shop-app` serves it (its renderer, its view models, reached by a person's
/// actions), rendered in Chromium and checked against `__Snapshots__/<screen>/<device>/`.
/// The app speaks Japanese only, so the locale axis is ja alone.
@Suite("shop-app の画面スナップショット", .tags(.snapshot))
struct ShopScreenSnapshotTests {
    static let matrix = SnapshotConfiguration(locales: ["ja"], precision: 0.998)

    @Test("画面をデバイス × テーマで撮り、参照画像と比べる", arguments: ShopPreview.allCases)
    func screen(_ preview: ShopPreview) async throws {
        let app = try await SharedShopApp.shared.url()
        let page = HTMLPage(url: app.appendingPathComponent("preview").appendingPathComponent(preview.rawValue))
        let results = await VisualTesting.assertViewSnapshot(
            of: page, viewName: preview.screen, stateName: preview.rawValue, configuration: Self.matrix)
        #expect(results.count == 6, "three devices, light and dark")
    }
}

extension Tag {
    /// Snapshot tests: a level of their own in `pyramid spec`'s test pyramid.
    @Tag static var snapshot: Self
}
