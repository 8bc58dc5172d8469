import ArticleFeature
import Foundation
import HTTPStubs
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The real URLSession, through HTTPStubs' in-process transport: the query, the headers and
// the decoding are exercised as in the app, and each test has its own stubs (the trait), so
// these run in parallel with no shared registry.

/// A client whose real URLSession is answered by the test's stubs.
private func stubbedClient(_ stubs: StubRegistry) -> ArticleAPIClient {
    ArticleAPIClient(urlSession: RealURLSession(session: stubs.makeSession()))
}

/// Qiita's search request, as seed 003's client builds it.
private let searchRequest = RequestPattern.get("/api/v2/items")
    .query("page", "1").query("per_page", "20").query("query", "Test")

@Suite("ArticleAPIClient: 本物の URLSession と HTTPStubs (プロセス内)", .httpStubs, .tags(.integration))
struct ArticleAPIClientInProcessTests {
    @Test("正常時: 検索のクエリで Qiita の API を呼び、記事が1つ返ってくる")
    func 正常にURLSessionとDecodeが行われて記事が1つ返ってくる() async throws {
        let stubs = StubRegistry.current
        stubs.stub(searchRequest).respond(.text(jsonString).header("Content-Type", "application/json"))
        let articles = try await stubbedClient(stubs).fetchArticles(query: "Test")
        #expect(articles == FetchOutcome.seedArticles)
        try stubs.verify(.once, matching: searchRequest)
    }

    @Test("接続が切れた時に networkError が返ってくる")
    func 接続が切れた時にnetworkErrorが返ってくる() async {
        let stubs = StubRegistry.current
        stubs.stub(searchRequest).respond(.fault(.connectionReset))
        #expect(await stubbedClient(stubs).outcome() == .failed(.networkError))
    }

    @Test("壊れた JSON が返ってきた時は、ステータスが 200 でもデコードエラーになる")
    func 壊れたJSONはデコードエラーになる() async {
        let stubs = StubRegistry.current
        stubs.stub(searchRequest).respond(.text(#"[{"id": 1}]"#))
        guard case .other(let error) = await stubbedClient(stubs).outcome() else {
            Issue.record("a body that does not decode must not give articles or a client error")
            return
        }
        #expect(error.contains("keyNotFound") || error.contains("typeMismatch"), "\(error)")
    }

    @Test("ステータスコード表 (プロセス内): 100…599 のどれでも、記事か決められたエラーが返ってくる", arguments: 100...599)
    func ステータスコードに応じた結果が返ってくる(statusCode: Int) async {
        let stubs = StubRegistry.current
        stubs.stub(searchRequest).respond(.text(jsonString, status: statusCode))
        #expect(await stubbedClient(stubs).outcome() == FetchOutcome.expected(for: statusCode))
    }
}
