import Foundation

/// @mockable
protocol Decoding {
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
    func first<T>(of items: [T]) -> T?
    func store<Value: Codable>(_ value: Value, forKey key: String) async throws
    func transform<Input, Output>(_ input: Input, using name: String) -> Output where Input: Hashable
    func all<T>() -> [T]
}
