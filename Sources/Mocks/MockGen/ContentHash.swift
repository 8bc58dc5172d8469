package import Foundation
import PyramidIO

/// A 64-bit FNV-1a hash of bytes: the cache's key for a file's content. Not for security;
/// a collision would only make the cache reuse a stale model.
package struct ContentHash: Sendable, Hashable, Codable, CustomStringConvertible {
    package var value: UInt64

    package init(value: UInt64) { self.value = value }

    package init(bytes: some Sequence<UInt8>) {
        value = FNV1a.hash(bytes)
    }

    /// Hashes `data` in place.
    package init(data: Data) {
        value = data.withUnsafeBytes { FNV1a.hash($0) }
    }

    package init(_ text: String) {
        self.init(bytes: text.utf8)
    }

    /// Combines hashes in order, for a key over many files: the hash of their values'
    /// little-endian bytes, one after another.
    package static func combine(_ hashes: [ContentHash]) -> ContentHash {
        var hasher = FNV1a()
        for item in hashes {
            withUnsafeBytes(of: item.value.littleEndian) { hasher.combine($0) }
        }
        return ContentHash(value: hasher.value)
    }

    /// The value as 16 hexadecimal digits.
    package var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
