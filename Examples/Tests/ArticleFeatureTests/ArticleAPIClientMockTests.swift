import ArticleFeature
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// URLSessionProtocolMock is generated at build time by PyramidMocksPlugin from the
// `/// @mockable` protocol in ArticleFeature: seed 003's hand-written MockURLSession, made
// for every protocol instead of written again by each team.

/// A client whose session answers every request with `statusCode` and seed 003's JSON.
private func mockClient(statusCode: Int) -> (ArticleAPIClient, URLSessionProtocolMock) {
    let session = URLSessionProtocolMock()
    session.dataHandler = { _ in (Data(jsonString.utf8), statusCode) }
    return (ArticleAPIClient(urlSession: session), session)
}

@Suite("ArticleAPIClient: 生成したモックで", .tags(.unit))
struct ArticleAPIClientMockTests {
    @Test("正常時 StatusCode: 200 — URLSession と Decode が行われて記事が1つ返ってくる")
    func 正常にURLSessionとDecodeが行われて記事が1つ返ってくる() async throws {
        let (client, session) = mockClient(statusCode: 200)
        let articles = try await client.fetchArticles(query: "Test")
        #expect(articles == FetchOutcome.seedArticles)
        #expect(session.dataCallCount == 1)
        let url = try #require(session.dataArgValues.first?.url)
        #expect(url.absoluteString == "https://qiita.com/api/v2/items?page=1&per_page=20&query=Test")
    }

    @Test("異常時 StatusCode: 400 — networkError が返ってくる")
    func 四百番の異常の時にnetworkErrorが返ってくる() async {
        #expect(await mockClient(statusCode: 400).0.outcome() == .failed(.networkError))
    }

    @Test("異常時 StatusCode: 500 — serverError が返ってくる")
    func 五百番の異常の時にserverErrorが返ってくる() async {
        #expect(await mockClient(statusCode: 500).0.outcome() == .failed(.serverError))
    }

    @Test("通信そのものが失敗した時に networkError が返ってくる")
    func 通信が失敗した時にnetworkErrorが返ってくる() async {
        let session = URLSessionProtocolMock()
        session.dataHandler = { _ in throw URLError(.notConnectedToInternet) }
        #expect(await ArticleAPIClient(urlSession: session).outcome() == .failed(.networkError))
    }

    @Test("ステータスコード表: 100…599 のどれでも、記事か決められたエラーが返ってくる", arguments: 100...599)
    func ステータスコードに応じた結果が返ってくる(statusCode: Int) async {
        #expect(await mockClient(statusCode: statusCode).0.outcome() == FetchOutcome.expected(for: statusCode))
    }
}
