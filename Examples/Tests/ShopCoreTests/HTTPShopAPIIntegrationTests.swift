import ArticleFeature
import Foundation
import HTTPStubs
import SearchFeature
import ShopCore
import Testing
import UserListFeature

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private let base = URL(string: "https://api.shop.example")!

/// The shop's HTTP client with the real URLSession, answered by the test's own stubs.
@Suite("HTTPShopAPI: 本物の URLSession と HTTPStubs", .httpStubs, .tags(.integration))
struct HTTPShopAPIIntegrationTests {
    func api() -> HTTPShopAPI { HTTPShopAPI(baseURL: base, session: StubRegistry.current.makeSession()) }

    @Test("ログイン: JSON でメールとパスワードを送り、セッションを受け取る")
    func login() async throws {
        let stubs = StubRegistry.current
        let request = RequestPattern.post("/api/login")
            .header("Content-Type", .equalTo("application/json"))
            .body(.equalToJSON(["email": "test@example.com", "password": "password123"]))
        stubs.stub(request).respond(.json(["token": "t-1", "email": "test@example.com"]))
        let session = try await api().login(email: "test@example.com", password: "password123")
        #expect(session == UserSession(token: "t-1", email: "test@example.com"))
        try stubs.verify(.once, matching: request)
    }

    @Test("ログインの失敗は状態コードで分かれる", arguments: [
        (401, ShopAPIError.invalidCredentials), (500, .server(status: 500)), (503, .server(status: 503)), (404, .server(status: 404)),
    ])
    func loginFailures(status: Int, error: ShopAPIError) async {
        StubRegistry.current.stub(.post("/api/login")).respond(.status(status))
        await #expect(throws: error) { try await api().login(email: "a@example.com", password: "x") }
    }

    @Test("商品: Bearer トークンを付けて一覧を受け取る")
    func products() async throws {
        let stubs = StubRegistry.current
        let request = RequestPattern.get("/api/products").header("Authorization", .equalTo("Bearer t-1"))
        stubs.stub(request).respond(.json([["id": 0, "name": "りんご", "price": 120], ["id": 1, "name": "みかん", "price": 80]]))
        let products = try await api().products(session: UserSession(token: "t-1", email: "test@example.com"))
        #expect(products == [Product(id: 0, name: "りんご", price: 120), Product(id: 1, name: "みかん", price: 80)])
    }

    @Test("接続が切れたら network、約束と違う本文なら malformedBody")
    func faults() async {
        let stubs = StubRegistry.current
        stubs.stub(.get("/api/products")).respond(.fault(.connectionReset))
        stubs.stub(.post("/api/login")).respond(.json(["token": 1]))
        await #expect(throws: ShopAPIError.network) { try await api().products(session: UserSession(token: "t", email: "e")) }
        await #expect(throws: ShopAPIError.malformedBody) { try await api().login(email: "a@example.com", password: "x") }
    }

    @Test("ユーザー一覧: Bearer トークンを付けて受け取り、削除は DELETE /api/users/<id> を一度だけ送る")
    func users() async throws {
        let stubs = StubRegistry.current
        let list = RequestPattern.get("/api/users").header("Authorization", .equalTo("Bearer t-1"))
        stubs.stub(list).respond(.json([["id": 1, "name": "山田 太郎", "email": "taro@example.com"]]))
        let delete = RequestPattern.delete("/api/users/1").header("Authorization", .equalTo("Bearer t-1"))
        stubs.stub(delete).respond(.status(204))
        let session = UserSession(token: "t-1", email: "test@example.com")
        #expect(try await api().users(session: session) == [User(id: 1, name: "山田 太郎", email: "taro@example.com")])
        try await api().deleteUser(id: 1, session: session)
        try stubs.verify(.once, matching: delete)
    }

    @Test("ユーザーの削除に失敗したら状態コードを伝える")
    func deleteFailure() async {
        StubRegistry.current.stub(.delete("/api/users/9")).respond(.status(404))
        await #expect(throws: ShopAPIError.server(status: 404)) {
            try await api().deleteUser(id: 9, session: UserSession(token: "t", email: "e"))
        }
    }

    @Test("商品一覧: トークンが切れていたら (401) 資格情報の誤り、サーバーが落ちていたら (503) その番号")
    func productsFailures() async {
        let stubs = StubRegistry.current
        stubs.stub(.get("/api/products").header("Authorization", .equalTo("Bearer expired"))).respond(.status(401))
        stubs.stub(.get("/api/products")).priority(10).respond(.status(503))
        await #expect(throws: ShopAPIError.invalidCredentials) { try await api().products(session: UserSession(token: "expired", email: "e")) }
        await #expect(throws: ShopAPIError.server(status: 503)) { try await api().products(session: UserSession(token: "t-1", email: "e")) }
    }

    @Test("ユーザー一覧: 約束と違う本文なら malformedBody、接続が切れたら network")
    func usersFailures() async {
        let stubs = StubRegistry.current
        stubs.stub(.get("/api/users")).respond(.json(["users": []]))
        stubs.stub(.delete("/api/users/3")).respond(.fault(.emptyResponse))
        let session = UserSession(token: "t", email: "e")
        await #expect(throws: ShopAPIError.malformedBody) { try await api().users(session: session) }
        await #expect(throws: ShopAPIError.network) { try await api().deleteUser(id: 3, session: session) }
    }

    @Test("遅い応答も待って受け取る: 遅延 200 ms の商品一覧")
    func slowAnswer() async throws {
        let stubs = StubRegistry.current
        stubs.stub(.get("/api/products")).respond(.json([["id": 5, "name": "もも", "price": 300]]).delayed(by: .milliseconds(200)))
        #expect(try await api().products(session: UserSession(token: "t", email: "e")) == [Product(id: 5, name: "もも", price: 300)])
    }

    @Test("アプリのユーザー一覧は UserListViewModel が HTTP 越しに読み込み、削除する")
    @MainActor
    func userListOverHTTP() async throws {
        let stubs = StubRegistry.current
        stubs.stub(.get("/api/users")).respond(.json([
            ["id": 1, "name": "山田 太郎", "email": "taro@example.com"], ["id": 2, "name": "佐藤 花子", "email": "hanako@example.com"],
        ]))
        stubs.stub(.delete("/api/users/1")).respond(.status(204))
        let viewModel = UserListViewModel(repository: MemberRepository(api: api(), session: UserSession(token: "t", email: "e")))
        await viewModel.loadUsers()
        #expect(viewModel.users.map(\.name) == ["山田 太郎", "佐藤 花子"])
        await viewModel.deleteUser(at: IndexSet(integer: 0))
        #expect(viewModel.users.map(\.name) == ["佐藤 花子"])
        #expect(viewModel.error == nil)
    }

    @Test("記事の検索は ArticleAPIClient が /api/v2/items に問い合わせ、題名と著者といいね数にする")
    func articleSearch() async throws {
        let stubs = StubRegistry.current
        let request = RequestPattern.get("/api/v2/items").query("query", .equalTo("Swift")).query("per_page", .equalTo("20"))
        stubs.stub(request).respond(.json([
            ["id": "a1", "title": "Swift Testing 入門", "likes_count": 120, "user": ["name": "yamada", "profile_image_url": ""]],
        ]))
        let client = ArticleAPIClient(urlSession: RealURLSession(session: stubs.makeSession()), server: base)
        let results = try await ArticleSearchService(client: client).search(query: "Swift")
        #expect(results == [SearchResult(title: "Swift Testing 入門", description: "yamada · ♥ 120")])
        try stubs.verify(.once, matching: request)
    }
}
