import Foundation
import PyramidIO
import Testing

@Suite("FNV-1a 64")
struct FNV1aTests {
    /// Published FNV-1a 64 test vectors (the FNV reference test suite).
    static let vectors: [(text: String, hash: UInt64)] = [
        ("", 0xcbf2_9ce4_8422_2325),
        ("a", 0xaf63_dc4c_8601_ec8c),
        ("b", 0xaf63_df4c_8601_f1a5),
        ("foobar", 0x8594_4171_f739_67e8),
    ]

    @Test("matches the published test vectors, whatever holds the bytes", arguments: vectors)
    func publishedVectors(text: String, hash: UInt64) {
        #expect(FNV1a.hash(Array(text.utf8)) == hash)
        #expect(FNV1a.hash(text.utf8) == hash)
        #expect(FNV1a.hash(Data(text.utf8)) == hash)
        #expect(Array(text.utf8).withUnsafeBytes { FNV1a.hash($0) } == hash)
        // A sequence with no contiguous storage takes the byte-by-byte path.
        #expect(FNV1a.hash(AnySequence(text.utf8)) == hash)
    }

    @Test("bytes fed in pieces hash the same as in one call")
    func pieces() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var hasher = FNV1a()
        for start in stride(from: 0, to: bytes.count, by: 97) {
            hasher.combine(bytes[start..<min(start + 97, bytes.count)])
        }
        #expect(hasher.value == FNV1a.hash(bytes))
        #expect(hasher.value != FNV1a.hash(bytes.dropLast()))
    }
}
