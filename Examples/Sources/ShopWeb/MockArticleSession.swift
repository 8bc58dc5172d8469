import ArticleFeature
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ShopCore

/// Seed 003's `URLSessionProtocol` answered in process with `--mock-api`: Qiita's
/// `/api/v2/items` over a few articles, matched by the query in their titles. The app's
/// `ArticleAPIClient` still builds the request and decodes the JSON.
public struct MockArticleSession: URLSessionProtocol {
    public static let articles: [(id: String, title: String, author: String, likes: Int)] = [
        ("a1", "Swift Testing 入門", "yamada", 120),
        ("a2", "XCUITest の Page Object パターン", "sato", 85),
        ("a3", "Swift の依存性注入とモック", "john", 64),
        ("a4", "SwiftUI のスナップショットテスト", "yamada", 42),
    ]

    let failsNetwork: Bool

    public init(scenario: TestScenario?) {
        failsNetwork = scenario == .networkError
    }

    public func data(for request: URLRequest) async throws -> (Data, Int) {
        if failsNetwork { throw URLError(.notConnectedToInternet) }
        guard let url = request.url, url.path == "/api/v2/items" else { return (Data("[]".utf8), 404) }
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "query" }?.value ?? ""
        let hits = Self.articles.filter { query.isEmpty || $0.title.localizedCaseInsensitiveContains(query) }.map {
            ["id": $0.id, "title": $0.title, "likes_count": $0.likes, "user": ["name": $0.author, "profile_image_url": ""]] as [String: Any]
        }
        return (try JSONSerialization.data(withJSONObject: hits), 200)
    }
}
