import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Shortcuts for the session tests: a URL on the stubbed host, and a response's status and text.
enum StubClient {
    static func url(_ pathAndQuery: String) -> URL {
        URL(string: "https://api.test" + pathAndQuery)!
    }

    static func status(_ response: URLResponse) -> Int? {
        (response as? HTTPURLResponse)?.statusCode
    }

    static func text(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self)
    }

    /// The `URLError` `body` throws, or `nil` when it throws none (or another error).
    static func urlError(_ body: () async throws -> Void) async -> URLError? {
        do {
            try await body()
            return nil
        } catch let error as URLError {
            return error
        } catch {
            return nil
        }
    }
}
