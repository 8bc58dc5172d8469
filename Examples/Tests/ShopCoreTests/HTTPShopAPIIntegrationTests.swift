import Foundation
import HTTPStubs
import ShopCore
import Testing

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
}
