import MockModel
import Testing

@Suite("Byte search")
struct ByteSearchTests {
    @Test("finds a needle anywhere, including at both ends and in non-ASCII text")
    func finds() {
        #expect(ByteSearch.contains("protocol Foo {}", "protocol"))
        #expect(ByteSearch.contains("@escaping (Int) -> Void", "@escaping"))
        #expect(ByteSearch.contains("a ends with tail", "tail"))
        #expect(ByteSearch.contains("/// 日本語 protocol", "protocol"))
        #expect(ByteSearch.contains("anything", ""))
    }

    @Test("a partial match, a longer needle or an empty text is not a match")
    func misses() {
        #expect(!ByteSearch.contains("protoco", "protocol"))
        #expect(!ByteSearch.contains("proto col", "protocol"))
        #expect(!ByteSearch.contains("", "x"))
        #expect(!ByteSearch.contains("@escapin", "@escaping"))
    }
}
