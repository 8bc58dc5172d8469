import Foundation
import Testing

@_spi(PyramidTools) import PyramidJSON

@Suite("JSONValue")
struct JSONValueTests {
    @Test("parses every kind of value, unicode escapes and surrogate pairs included")
    func parsesEverything() throws {
        let value = try JSONValue(parsing: #"{"a": [1, 2.5, -3e2], "b": true, "c": null, "d": "記事 \u00e9 \ud83d\ude00 \n"}"#)
        #expect(value == ["a": [1, 2.5, -300], "b": true, "c": nil, "d": "記事 é 😀 \n"])
    }

    @Test("1 and 1.0 are the same number; 1 and \"1\" are not")
    func numbersCompareByValue() throws {
        #expect(try JSONValue(parsing: "1") == JSONValue(parsing: "1.0"))
        #expect(try JSONValue(parsing: "[1e0]") == [1])
        #expect(try JSONValue(parsing: "1") != JSONValue(parsing: "\"1\""))
    }

    @Test("renders compact and pretty text with sorted keys and integral numbers without a fraction")
    func renders() {
        let value: JSONValue = ["b": [1.0, 2.5], "a": "x\"y", "c": [:], "d": []]
        #expect(value.compactText == #"{"a":"x\"y","b":[1,2.5],"c":{},"d":[]}"#)
        #expect(value.prettyText == """
        {
          "a": "x\\"y",
          "b": [
            1,
            2.5
          ],
          "c": {},
          "d": []
        }
        """)
    }

    @Test("round-trips through its own text", arguments: [
        #"{"emoji":"😀","jp":"記事","nested":[{"k":[true,false,null]}],"n":-0.125}"#,
        #"["\u0001 control","tab\t"]"#,
    ])
    func roundTrips(text: String) throws {
        let value = try JSONValue(parsing: text)
        #expect(try JSONValue(parsing: value.compactText) == value)
        #expect(try JSONValue(parsing: value.prettyText) == value)
    }

    @Test("names line and column of a syntax error", arguments: [
        ("{\n  \"a\": 1,\n  \"b\" 2\n}", 3, 7, "expected ':' after key \"b\""),
        ("[1, 2", 1, 6, "expected ',' or ']'"),
        ("01", 1, 2, "leading zeros are not allowed"),
        ("\"abc", 1, 5, "unterminated string"),
        ("{} x", 1, 4, "unexpected text after the JSON value"),
        ("\"\\ud800\"", 1, 8, "a high surrogate \\ud800 must be followed by a low one"),
    ])
    func reportsPosition(text: String, line: Int, column: Int, reason: String) {
        #expect(throws: JSONParseError(reason: reason, line: line, column: column)) {
            try JSONValue(parsing: text)
        }
    }

    @Test("a string with escapes among multibyte text reads whole; invalid UTF-8 before or after an escape is named where its run ends")
    func stringRuns() throws {
        #expect(try JSONValue(parsing: #"["é\u00e9\n日本\"語", "plain 記事"]"#) == ["éé\n日本\"語", "plain 記事"])
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), n = UInt8(ascii: "n")
        for (bytes, column) in [([quote, 0x61, 0xFF, quote], 4), ([quote, backslash, n, 0xFF, quote], 5), ([quote, 0xFF, backslash, n, quote], 3)] {
            #expect(throws: JSONParseError(reason: "invalid UTF-8 in a string", line: 1, column: column)) {
                try JSONValue.decode(bytes)
            }
        }
    }

    @Test("round-trips every kind of value through its bytes, and through Codable")
    func roundTrip() throws {
        let value: JSONValue = ["a": [1, 2.5, "three", true, nil], "b": ["nested": "日本語"], "c": false]
        #expect(try JSONValue.decode(value.encoded()) == value)
        #expect(value.description == #"{"a":[1,2.5,"three",true,null],"b":{"nested":"日本語"},"c":false}"#)
        #expect(try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value)) == value)
        #expect(value["b"]?["nested"]?.stringValue == "日本語")
        #expect(value["a"]?.arrayValue?.count == 5)
        #expect(value["a"]?.arrayValue?[1].doubleValue == 2.5)
        #expect(value["c"]?.boolValue == false)
        #expect(value["b"]?.objectValue?.keys.sorted() == ["nested"])
        #expect(value["missing"] == nil)
    }

    @Test("fuzz finding: U+FEFF inside a string or key is kept, as RFC 8259 reads it (Foundation's parser on Linux drops it at a string's start and after an escape)")
    func byteOrderMarkInsideStrings() throws {
        let value = try JSONValue(parsing: Data("{\"k\u{FEFF}\": \"gs{\\r\u{FEFF}so\"}".utf8))
        #expect(value.objectValue?.keys.first?.unicodeScalars.map(\.value) == [0x6B, 0xFEFF])
        #expect(value["k\u{FEFF}"]?.stringValue?.unicodeScalars.map(\.value) == [0x67, 0x73, 0x7B, 0x0D, 0xFEFF, 0x73, 0x6F])
        // And written back with it.
        #expect(value.compactText.contains("\u{FEFF}"))
    }
}
