import ArticleFeature
import Foundation

/// Seed 003's JSON: one article.
let jsonString = """
    [
    {
        "id": "idTest1",
        "likes_count": 1,
        "title": "Test Article",
        "user": {
            "name": "hinakko",
            "profile_image_url": "https://placehold.jp/60x60.png"
        }
    }
    ]
    """

/// What `fetchArticles` gave: the articles, or the client's error.
enum FetchOutcome: Equatable, CustomStringConvertible {
    case articles([Article])
    case failed(ArticleAPIClientError)
    /// Any other error (a decoding error, say).
    case other(String)

    /// Seed 003's table: 2xx decodes, 5xx is a server error, every other code a network error.
    static func expected(for statusCode: Int) -> FetchOutcome {
        switch statusCode {
        case 200...299: .articles(seedArticles)
        case 500...599: .failed(.serverError)
        default: .failed(.networkError)
        }
    }

    static let seedArticles = [Article(
        id: "idTest1", likesCount: 1, title: "Test Article",
        user: Article.User(name: "hinakko", profileImageURL: "https://placehold.jp/60x60.png"))]

    var description: String {
        switch self {
        case .articles(let articles): "\(articles.count) article(s)"
        case .failed(let error): "ArticleAPIClientError.\(error)"
        case .other(let error): error
        }
    }
}

extension ArticleAPIClient {
    /// Fetches for "Test" and reports the outcome instead of throwing it.
    func outcome() async -> FetchOutcome {
        do {
            return .articles(try await fetchArticles(query: "Test"))
        } catch let error as ArticleAPIClientError {
            return .failed(error)
        } catch {
            return .other("\(error)")
        }
    }
}
