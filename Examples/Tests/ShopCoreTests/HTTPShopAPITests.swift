import Foundation
import ShopCore
import Testing
import UserListFeature

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// HTTPTransportMock is generated at build time by PyramidMocksPlugin from HTTPTransport's
// `/// @mockable` annotation.

private let base = URL(string: "https://api.shop.example")!
private let session = UserSession(token: "t-1", email: "test@example.com")

/// An HTTP answer with `status` and `body`, as the transport returns it.
private func answer(_ status: Int, _ body: String = "", for request: URLRequest) -> (Data, URLResponse) {
    (Data(body.utf8), HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)!)
}

/// The shop's HTTP client with a mock transport: the requests it builds, and how it reads each
/// answer, without a network (the integration tests send the same over a real URLSession).
@Suite("HTTPShopAPI: 要求の組み立てと応答の読み方 (モックの通信)", .tags(.unit))
struct HTTPShopAPITests {
    let transport = HTTPTransportMock()
    var api: HTTPShopAPI { HTTPShopAPI(baseURL: base, transport: transport) }

    @Test("ログイン: POST /api/login に JSON のメールとパスワード、応答の JSON がセッションになる")
    func login() async throws {
        transport.sendHandler = { answer(200, #"{"token":"t-1","email":"test@example.com"}"#, for: $0) }
        #expect(try await api.login(email: "test@example.com", password: "password123") == session)
        let request = try #require(transport.sendArgValues.first)
        #expect(request.httpMethod == "POST" && request.url?.path == "/api/login")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let body = try JSONDecoder().decode([String: String].self, from: try #require(request.httpBody))
        #expect(body == ["email": "test@example.com", "password": "password123"])
    }

    @Test("商品: GET /api/products に Bearer トークン、応答の配列が商品になる")
    func products() async throws {
        transport.sendHandler = { answer(200, #"[{"id":3,"name":"りんご","price":120}]"#, for: $0) }
        #expect(try await api.products(session: session) == [Product(id: 3, name: "りんご", price: 120)])
        let request = try #require(transport.sendArgValues.first)
        #expect(request.httpMethod == "GET" && request.url?.path == "/api/products")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t-1")
    }

    @Test("ユーザー一覧: GET /api/users に Bearer トークン")
    func users() async throws {
        transport.sendHandler = { answer(200, #"[{"id":1,"name":"Ada","email":"ada@example.com"}]"#, for: $0) }
        #expect(try await api.users(session: session) == [User(id: 1, name: "Ada", email: "ada@example.com")])
        #expect(transport.sendArgValues.first?.url?.path == "/api/users")
        #expect(transport.sendArgValues.first?.value(forHTTPHeaderField: "Authorization") == "Bearer t-1")
    }

    @Test("削除: DELETE /api/users/<id> を一度、204 の空の本文で終わる")
    func deleteUser() async throws {
        transport.sendHandler = { answer(204, for: $0) }
        try await api.deleteUser(id: 7, session: session)
        #expect(transport.sendCallCount == 1)
        let request = try #require(transport.sendArgValues.first)
        #expect(request.httpMethod == "DELETE" && request.url?.path == "/api/users/7")
    }

    @Test("2xx 以外の状態コードは、401 なら資格情報の誤り、他はその番号のサーバーエラー", arguments: [
        (401, ShopAPIError.invalidCredentials), (400, .server(status: 400)), (404, .server(status: 404)), (500, .server(status: 500)),
        (302, .server(status: 302)),
    ])
    func statuses(status: Int, error: ShopAPIError) async {
        transport.sendHandler = { answer(status, #"{"token":"t","email":"e"}"#, for: $0) }
        await #expect(throws: error) { try await api.login(email: "a@example.com", password: "x") }
    }

    @Test("通信が失敗したら、HTTP でない応答なら network")
    func network() async {
        transport.sendHandler = { _ in throw URLError(.notConnectedToInternet) }
        await #expect(throws: ShopAPIError.network) { try await api.products(session: session) }
        transport.sendHandler = { (Data(), URLResponse(url: $0.url!, mimeType: nil, expectedContentLength: 0, textEncodingName: nil)) }
        await #expect(throws: ShopAPIError.network) { try await api.products(session: session) }
    }

    @Test("2xx でも約束と違う本文なら malformedBody", arguments: [#"{"token":1}"#, "", "[]", #"{"email":"e"}"#])
    func malformedBody(body: String) async {
        transport.sendHandler = { answer(200, body, for: $0) }
        await #expect(throws: ShopAPIError.malformedBody) { try await api.login(email: "a@example.com", password: "x") }
    }
}
