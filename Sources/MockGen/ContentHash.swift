import Foundation

/// A 64-bit FNV-1a hash of bytes: the cache's key for a file's content. Not for security;
/// a collision would only make the cache reuse a stale model.
public struct ContentHash: Sendable, Hashable, Codable, CustomStringConvertible {
    public var value: UInt64

    public init(value: UInt64) { self.value = value }

    public init(bytes: some Sequence<UInt8>) {
        if let hash = bytes.withContiguousStorageIfAvailable({ Self.hash($0) }) {
            value = hash
        } else {
            value = Array(bytes).withUnsafeBufferPointer { Self.hash($0) }
        }
    }

    /// Hashes `data` in place: iterating `Data` byte by byte is many times slower.
    public init(data: Data) {
        value = data.withUnsafeBytes { raw in Self.hash(raw.bindMemory(to: UInt8.self)) }
    }

    static func hash(_ buffer: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in buffer {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    public init(_ text: String) {
        self.init(bytes: text.utf8)
    }

    /// Combines hashes in order, for a key over many files.
    public static func combine(_ hashes: [ContentHash]) -> ContentHash {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for item in hashes {
            var value = item.value
            for _ in 0..<8 {
                hash ^= value & 0xff
                hash &*= 0x0000_0100_0000_01b3
                value >>= 8
            }
        }
        return ContentHash(value: hash)
    }

    public var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
