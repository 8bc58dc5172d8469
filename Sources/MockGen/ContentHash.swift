import Foundation
import PyramidIO

/// A 64-bit FNV-1a hash of bytes: the cache's key for a file's content. Not for security;
/// a collision would only make the cache reuse a stale model.
public struct ContentHash: Sendable, Hashable, Codable, CustomStringConvertible {
    public var value: UInt64

    public init(value: UInt64) { self.value = value }

    public init(bytes: some Sequence<UInt8>) {
        value = FNV1a.hash(bytes)
    }

    /// Hashes `data` in place.
    public init(data: Data) {
        value = data.withUnsafeBytes { FNV1a.hash($0) }
    }

    public init(_ text: String) {
        self.init(bytes: text.utf8)
    }

    /// Combines hashes in order, for a key over many files: the hash of their values'
    /// little-endian bytes, one after another.
    public static func combine(_ hashes: [ContentHash]) -> ContentHash {
        var hasher = FNV1a()
        for item in hashes {
            withUnsafeBytes(of: item.value.littleEndian) { hasher.combine($0) }
        }
        return ContentHash(value: hasher.value)
    }

    /// The value as 16 hexadecimal digits.
    public var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
