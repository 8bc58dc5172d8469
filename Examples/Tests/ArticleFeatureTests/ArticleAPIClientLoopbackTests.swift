import ArticleFeature
import Foundation
import HTTPStubs
import HTTPStubsServer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The real URLSession over a real socket, against the stub server on 127.0.0.1: what a UI
// test, a browser or another process would talk to. The stubs are the same rules.

/// Seed 003's JSON with the stub server's Content-Type.
private let articlesResponse = StubResponse.text(jsonString).header("Content-Type", "application/json")

@Suite("ArticleAPIClient: 本物の URLSession とスタブサーバー (ループバック)", .tags(.integration))
struct ArticleAPIClientLoopbackTests {
    let session = URLSession(configuration: .ephemeral)

    @Test("正常時: 検索のクエリで API サーバーを呼び、記事が1つ返ってくる")
    func 正常にURLSessionとDecodeが行われて記事が1つ返ってくる() async throws {
        let stubs = StubRegistry()
        let search = RequestPattern.get("/api/v2/items").query("page", "1").query("per_page", "20").query("query", "Swift Testing")
        stubs.stub(search).respond(articlesResponse)
        let articles = try await withStubServer(stubs) { server in
            try await ArticleAPIClient(urlSession: RealURLSession(session: session), server: server.baseURL)
                .fetchArticles(query: "Swift Testing")
        }
        #expect(articles == FetchOutcome.seedArticles)
        try stubs.verify(.once, matching: search)
    }

    @Test("サーバーが接続をリセットした時に networkError が返ってくる")
    func 接続がリセットされた時にnetworkErrorが返ってくる() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/api/v2/items")).respond(.fault(.connectionReset))
        let outcome = try await withStubServer(stubs) { server in
            await ArticleAPIClient(urlSession: RealURLSession(session: session), server: server.baseURL).outcome()
        }
        #expect(outcome == .failed(.networkError))
    }

    /// Over a real socket, 1xx codes are interim responses (a client waits for the final
    /// one) and 204, 205 and 304 carry no body by HTTP's rules, so those rows are the mock's
    /// and the in-process transport's to check; every other code from 200 to 599 is here.
    static let socketCodes = (200...599).filter { ![204, 205, 304].contains($0) }

    @Test("ステータスコード表 (ループバック): 本物のソケット越しでも、記事か決められたエラーが返ってくる", arguments: socketCodes)
    func ステータスコードに応じた結果が返ってくる(statusCode: Int) async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/api/v2/items")).respond(.text(jsonString, status: statusCode))
        let outcome = try await withStubServer(stubs) { server in
            await ArticleAPIClient(urlSession: RealURLSession(session: session), server: server.baseURL).outcome()
        }
        #expect(outcome == FetchOutcome.expected(for: statusCode))
    }
}
