import ArticleFeature
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
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

    @Test("GET /preview/<name> は台本のないそのままの画面を返し、アプリ自身の状態は変えない。知らない名前は一覧付きで 404")
    func previews() async throws {
        let before = state.version
        let preview = await ShopRoutes.answer(method: "GET", path: "/preview/cart", body: [], state: state)
        let html = String(decoding: preview.2, as: UTF8.self)
        #expect(preview.0 == 200 && html.contains(#"data-testid="cart_total">合計 ¥650<"#), "full_cart's three items")
        #expect(!html.contains("<script"), "a still picture")
        #expect(state.version == before && state.route == .login, "the app's own state is untouched")

        let unknown = await ShopRoutes.answer(method: "GET", path: "/preview/<script>", body: [], state: state)
        let message = String(decoding: unknown.2, as: UTF8.self)
        #expect(unknown.0 == 404 && unknown.1.hasPrefix("text/plain"))
        #expect(message.hasPrefix("no preview <script>; the app has login, login-invalid-email,") && message.contains("register-basic-info"))
    }
}

/// The in-process API `--mock-api` uses: what the UI tests and previews see.
@Suite("--mock-api のサーバー代わり", .tags(.unit))
struct MockAPITests {
    let session = UserSession(token: "t", email: "test@example.com")

    @Test("ユーザーの削除はプロセスが続く限り残り、いない人の削除は 404")
    func deletions() async throws {
        let api = MockShopAPI(scenario: .loggedIn)
        try await api.deleteUser(id: 1, session: session)
        #expect(try await api.users(session: session).map(\.id) == [2, 3])
        await #expect(throws: ShopAPIError.server(status: 404)) { try await api.deleteUser(id: 1, session: session) }
        #expect(try await MockShopAPI(scenario: .loggedIn).users(session: session).count == 3, "each app has its own")
    }

    @Test("network_error のシナリオではどの呼び出しも network で失敗する")
    func networkError() async {
        let api = MockShopAPI(scenario: .networkError)
        await #expect(throws: ShopAPIError.network) { try await api.login(email: "a@example.com", password: "password123") }
        await #expect(throws: ShopAPIError.network) { try await api.products(session: session) }
        await #expect(throws: ShopAPIError.network) { try await api.users(session: session) }
        await #expect(throws: ShopAPIError.network) { try await api.deleteUser(id: 2, session: session) }
    }

    @Test("記事は Qiita の /api/v2/items と同じ JSON で、題名を語で絞る。ほかの道は 404", arguments: [
        ("Swift", 3), ("swift", 3), ("Page Object", 1), ("", 4), ("Kotlin", 0),
    ])
    func articles(query: String, count: Int) async throws {
        let client = ArticleAPIClient(urlSession: MockArticleSession(scenario: nil), server: URL(string: "https://api.shop.example")!)
        let articles = try await client.fetchArticles(query: query)
        #expect(articles.count == count)
        #expect(articles.allSatisfy { query.isEmpty || $0.title.localizedCaseInsensitiveContains(query) })
        let other = try await MockArticleSession(scenario: nil).data(for: URLRequest(url: URL(string: "https://api.shop.example/api/v2/users")!))
        #expect(other.1 == 404)
    }
}
