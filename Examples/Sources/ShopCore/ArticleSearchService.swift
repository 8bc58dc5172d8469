import ArticleFeature
import Foundation
import SearchFeature

/// The articles screen's search: seed 000's debounced `AsyncSearchViewModel` asking seed 003's
/// `ArticleAPIClient`. Each article is a hit whose description is its author and likes.
public struct ArticleSearchService: AsyncSearchServiceProtocol {
    let client: ArticleAPIClient

    public init(client: ArticleAPIClient) {
        self.client = client
    }

    public func search(query: String) async throws -> [SearchResult] {
        try await client.fetchArticles(query: query).map {
            SearchResult(title: $0.title, description: "\($0.user.name) · ♥ \($0.likesCount)")
        }
    }
}
