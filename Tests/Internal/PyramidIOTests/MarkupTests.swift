import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import PyramidIO
import Testing

@Suite("Markup")
struct MarkupTests {
    @Test("markup characters become entities, and plain text is returned unchanged")
    func entities() {
        #expect(Markup.escape(#"<a href="x">Tom & 'Jerry'</a>"#) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
        #expect(Markup.escape("設定 · ログイン") == "設定 · ログイン")
        #expect(Markup.escape("") == "")
    }

    @Test("control characters XML cannot hold become U+FFFD; tab, line feed and carriage return stay")
    func controlCharacters() {
        #expect(Markup.escape("a\u{0}b\u{1B}c\u{8}d") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
        #expect(Markup.escape("x\u{FFFE}y\u{FFFF}z") == "x\u{FFFD}y\u{FFFD}z")
        #expect(Markup.escape("line\n\tindented\r\n") == "line\n\tindented\r\n")
        // Other characters led by the same UTF-8 byte as U+FFFE are kept.
        #expect(Markup.escape("\u{FF21}\u{FFFD}") == "\u{FF21}\u{FFFD}")
    }

    @Test("every escaped string parses as XML to the original text, forbidden characters aside")
    func xmlRoundTrip() throws {
        let samples = ["plain", "<tag attr='1'>&amp;</tag>", "multi\nline\ttext", "quote \" and apostrophe '", "日本語 ✅"]
        for sample in samples {
            let document = "<r a=\"\(Markup.escapeAttribute(sample))\">\(Markup.escape(sample))</r>"
            let parsed = try XMLDocument(xmlString: document)
            #expect(parsed.rootElement()?.stringValue == sample)
            #expect(parsed.rootElement()?.attribute(forName: "a")?.stringValue == sample)
        }
    }

    @Test("script-safe source cannot end its script element, and a script string round-trips through JSON")
    func scripts() throws {
        let hostile = "</script><!-- & \u{2028}\u{2029} \"quoted\" \\ back\nline \u{1}"
        let literal = Markup.scriptString(hostile)
        #expect(!literal.contains("<") && !literal.contains(">") && !literal.contains("&"))
        #expect(!literal.unicodeScalars.contains("\u{2028}") && !literal.unicodeScalars.contains("\u{2029}"))
        let decoded = try JSONDecoder().decode(String.self, from: Data(literal.utf8))
        #expect(decoded == hostile)
        #expect(Markup.scriptSafe(#"{"a":"</script>"}"#) == #"{"a":"\u003c/script\u003e"}"#)
    }
}

@Suite("Markup.jsonString")
struct JSONStringTests {
    @Test("a JSON string literal that JSONDecoder reads back to the same text")
    func roundTrip() throws {
        for text in ["", "plain", "quote \" back \\ slash", "line\nfeed\r\ttab", "\u{0}\u{1F}control", "日本語 </script>"] {
            let literal = Markup.jsonString(text)
            #expect(try JSONDecoder().decode(String.self, from: Data(literal.utf8)) == text)
        }
        #expect(Markup.jsonString("a\u{1}") == #""a\u0001""#)
        #expect(Markup.jsonString("</x>") == "\"</x>\"", "only scriptString makes it script-safe")
    }

    @Test("appended to a text buffer, a literal is the same bytes as jsonString's, after what the buffer held")
    func appended() {
        let texts = ["plain", "quote \" and \\", "line\nbreak", "\u{1}", "日本語 ✓ 🎉", ""]
        var buffer = TextBuffer("[")
        for text in texts { Markup.appendJSONString(text, to: &buffer) }
        #expect(buffer.string == "[" + texts.map(Markup.jsonString).joined())
        #expect(buffer.count == buffer.string.utf8.count && buffer.bytes == Array(buffer.string.utf8))
    }
}
