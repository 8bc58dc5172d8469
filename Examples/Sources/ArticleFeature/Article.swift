import Foundation

/// A Qiita article, as seed 003's API client decodes it.
public struct Article: Decodable, Equatable, Sendable {
    public let id: String
    public let likesCount: Int
    public let title: String
    public let user: User

    public init(id: String, likesCount: Int, title: String, user: User) {
        self.id = id
        self.likesCount = likesCount
        self.title = title
        self.user = user
    }

    public struct User: Decodable, Equatable, Sendable {
        public let name: String
        public let profileImageURL: String

        public init(name: String, profileImageURL: String) {
            self.name = name
            self.profileImageURL = profileImageURL
        }

        enum CodingKeys: String, CodingKey {
            case name
            case profileImageURL = "profile_image_url"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id
        case likesCount = "likes_count"
        case title
        case user
    }
}

/// Seed 003's errors.
public enum ArticleAPIClientError: Error, Equatable, Sendable {
    case invalidURL
    case networkError
    case serverError
    case unexpectedResponse
}
