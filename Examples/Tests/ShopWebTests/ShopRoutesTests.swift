import Foundation
import ShopCore
import ShopWeb
import Testing

/// The app's HTTP surface, without a socket.
@Suite("shop-app の HTTP の入口", .tags(.unit))
@MainActor
struct ShopRoutesTests {
    let state = ShopAppState(options: LaunchOptions(), api: MockShopAPI(scenario: nil))

    @Test("GET / はページ、POST /action は新しい画面と版、知らない要求は理由付きで断る")
    func routes() async throws {
        let page = await ShopRoutes.answer(method: "GET", path: "/?x=1", body: [], state: state)
        #expect(page.0 == 200 && page.1.hasPrefix("text/html") && String(decoding: page.2, as: UTF8.self).contains("window.pyramidIdle"))

        let action = await ShopRoutes.answer(method: "POST", path: "/action", body: Array(#"{"kind":"input","id":"email_field","value":"a@b.co"}"#.utf8), state: state)
        #expect(action.0 == 200)
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(action.2)) as? [String: Any])
        #expect(answer["version"] as? Int == state.version)
        #expect((answer["screen"] as? String)?.contains(#"value="a@b.co""#) == true)

        let malformed = await ShopRoutes.answer(method: "POST", path: "/action", body: Array("not json".utf8), state: state)
        #expect(malformed.0 == 400 && String(decoding: malformed.2, as: UTF8.self) == "an action is a JSON object with string fields kind and id\n")
        let unknownKind = await ShopRoutes.answer(method: "POST", path: "/action", body: Array(#"{"kind":"swipe","id":"x"}"#.utf8), state: state)
        #expect(unknownKind.0 == 400 && String(decoding: unknownKind.2, as: UTF8.self).contains("unknown action kind swipe"))
        let missing = await ShopRoutes.answer(method: "DELETE", path: "/cart", body: [], state: state)
        #expect(missing.0 == 404 && String(decoding: missing.2, as: UTF8.self) == "no DELETE /cart here\n")
    }

    @Test("POST /screen は状態が新しければすぐ答え、古くなければ変わるまで待つ")
    func screenWaits() async throws {
        let now = state.version
        let immediate = await ShopRoutes.answer(method: "POST", path: "/screen", body: Array(#"{"after":-1}"#.utf8), state: state)
        #expect(immediate.0 == 200)
        let waiting = Task { await ShopRoutes.answer(method: "POST", path: "/screen", body: Array("{\"after\":\(now)}".utf8), state: state) }
        state.handle(.input(field: AccessibilityID.Login.emailField, value: "x"))
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(await waiting.value.2)) as? [String: Any])
        #expect(answer["version"] as? Int == now + 1)
    }
}
