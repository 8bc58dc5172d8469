import Foundation
import Testing

@testable import TestEventStream

@Suite("JSON scanner")
struct JSONScannerTests {
    private func scan<T>(_ text: String, _ body: (inout JSONScanner) throws -> T) throws -> T {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { buffer in
            var scanner = JSONScanner(buffer)
            let value = try body(&scanner)
            try scanner.end()
            return value
        }
    }

    @Test("strings: UTF-8 as is, every escape, surrogate pairs")
    func strings() throws {
        #expect(try scan(#""登録画面""#) { try $0.string() } == "登録画面")
        #expect(try scan(#""a\"b\\c\/d\n\t\r\b\f""#) { try $0.string() } == "a\"b\\c/d\n\t\r\u{8}\u{C}")
        #expect(try scan(#""\u00e9\u30c6\ud83d\ude00""#) { try $0.string() } == "éテ😀")
        #expect(throws: JSONScanner.Failure.self) { try scan(#""\x""#) { try $0.string() } }
        #expect(throws: JSONScanner.Failure.self) { try scan(#""open"#) { try $0.string() } }
    }

    @Test("fuzz findings: a number strtod reads but JSON does not (\".195e\" was read as 0.195), or beyond a double (1e999 was infinity), is an error; JSON's numbers read")
    func notJSONNumbers() throws {
        for text in [".195e", ".5", "1.", "1e", "1e+", "01", "-", "--1", "0x1p3", "1.5.2", "+1", "1e5e5", "1e999", "-1e400"] {
            #expect(throws: JSONScanner.Failure.self, "\(text)") { try scan(text) { try $0.double() } }
        }
        for (text, value) in [("0", 0.0), ("-0.5", -0.5), ("1.5e9", 1.5e9), ("2E-3", 2e-3), ("10", 10), ("123456789.123456789", 123456789.123456789)] {
            #expect(try scan(text) { try $0.double() } == value, "\(text)")
        }
    }

    @Test("fuzz finding: an invalid escape in a string passed over (a key's \"\\ut\") is an error, as for JSONDecoder")
    func invalidEscapesPassedOver() throws {
        for text in [#""a\ut""#, #""\q""#, #""\u12""#, #""\"#] {
            #expect(throws: JSONScanner.Failure.self, "\(text)") { try scan(text) { try $0.skipValue() } }
        }
        #expect(try scan(#""a\u00e9\n\t\"\\\/""#) { try $0.string() } == "aé\n\t\"\\/")
    }

    @Test("fuzz finding: a lone surrogate escape (a history line's \"\\ude00\") is an error, read or passed over, as for JSONDecoder; a pair is one scalar")
    func loneSurrogates() throws {
        for text in [#""LoginTes\ude00:13:6""#, #""\ud83d""#, #""\ud83dx""#, #""\ud83d\u0041""#, #""\udc00\ud83d""#] {
            #expect(throws: JSONScanner.Failure.self, "\(text)") { try scan(text) { try $0.string() } }
            #expect(throws: JSONScanner.Failure.self, "\(text) passed over") { try scan(text) { try $0.skipValue() } }
            #expect(throws: (any Error).self, "\(text) to JSONDecoder") { try JSONDecoder().decode(String.self, from: Data(text.utf8)) }
        }
        #expect(try scan(#""\ud83d\ude00 \u00e9""#) { try $0.string() } == "😀 é")
        #expect(try scan(#""\ud83d\ude00""#) { try $0.skipValue() } == ())
    }

    @Test("plain decimals, read without strtod, equal what strtod reads, digit for digit")
    func plainDecimals() throws {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0", "-0", "7", "0.1", "0.012", "1764226200.5", "123456789012345", "-98765.4321", "0.000001", "999999999999999"]
        for _ in 0..<2_000 {
            let whole = String(UInt64.random(in: 0...99_999_999, using: &generator))
            let fraction = String(UInt64.random(in: 0...9_999_999, using: &generator))
            texts.append((Bool.random(using: &generator) ? "-" : "") + whole + "." + fraction)
        }
        // Past the fast path: more than 15 digits, an exponent.
        texts += ["1234567890.1234567", "0.30000000000000004", "2.5e-3", "-1E2"]
        for text in texts {
            let expected = try #require(strtod(text, nil) as Double?)
            #expect(try scan(text) { try $0.double() }.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test("numbers, booleans and null")
    func scalars() throws {
        #expect(try scan("15495.552280416") { try $0.double() } == 15495.552280416)
        #expect(try scan("-1.5e3") { try $0.double() } == -1500)
        #expect(try scan("42") { try $0.int() } == 42)
        #expect(throws: JSONScanner.Failure.self) { try scan("4.5") { try $0.int() } }
        #expect(try scan(" true ") { try $0.bool() })
        #expect(try scan("false") { try $0.bool() } == false)
        #expect(try scan("null") { $0.null() })
        #expect(try scan("\"x\"") { try $0.optionalString() } == "x")
    }

    @Test("objects and arrays: wanted keys read, the rest skipped whatever its shape")
    func skipping() throws {
        let text = #"{"_backtrace":[{"address":1},{"address":2}],"nested":{"a":[1,[2,{"b":null}]],"c":"}"},"kind":"event","n":-0.5,"t":true}"#
        let kind = try scan(text) { scanner -> String? in
            var kind: String?
            try scanner.object { key, scanner throws(JSONScanner.Failure) in
                if key.equals("kind") { kind = try scanner.string() } else { try scanner.skipValue() }
            }
            return kind
        }
        #expect(kind == "event")
        #expect(try scan("[\"a\", \"b\" ,\"c\"]") { try $0.strings() } == ["a", "b", "c"])
        #expect(try scan("{}") { scanner -> Int in
            var members = 0
            try scanner.object { _, scanner throws(JSONScanner.Failure) in
                members += 1
                try scanner.skipValue()
            }
            return members
        } == 0)
        #expect(try scan("[ ]") { try $0.strings() } == [])
    }

    @Test("malformed documents fail with the byte offset")
    func malformed() {
        for text in ["{\"a\":1,}", "{\"a\" 1}", "[1 2]", "{\"a\":1} x", "{\"a\":", "tru", "{\"a\":[1,2}"] {
            #expect(throws: JSONScanner.Failure.self, "\(text)") {
                try scan(text) { scanner in try scanner.skipValue() }
            }
        }
        let failure = #expect(throws: JSONScanner.Failure.self) {
            try scan("{\"a\" 1}") { scanner in try scanner.skipValue() }
        }
        #expect(failure?.description == "invalid JSON at byte 6: expected ':'")
    }
}
