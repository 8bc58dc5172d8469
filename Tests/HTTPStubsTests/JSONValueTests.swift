import Foundation
import Testing

@testable import HTTPStubs
@testable import HTTPStubsCore

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
}

@Suite("JSONComparison")
struct JSONComparisonTests {
    @Test("exact comparison needs the same members and elements in order")
    func exact() {
        let exact = JSONComparison.exact
        #expect(exact.matches(expected: ["a": [1, 2]], actual: ["a": [1.0, 2]]))
        #expect(!exact.matches(expected: ["a": [1, 2]], actual: ["a": [2, 1]]))
        #expect(!exact.matches(expected: ["a": 1], actual: ["a": 1, "b": 2]))
        #expect(!exact.matches(expected: ["a": 1, "b": 2], actual: ["a": 1]))
    }

    @Test("ignoreArrayOrder matches permutations, counting duplicates")
    func ignoreArrayOrder() {
        let options = JSONComparison(ignoreArrayOrder: true)
        #expect(options.matches(expected: [1, 2, [3, 4]], actual: [[4, 3], 2, 1]))
        #expect(!options.matches(expected: [1, 1, 2], actual: [1, 2, 2]))
        #expect(!options.matches(expected: [1, 2], actual: [1, 2, 3]))
    }

    @Test("ignoreExtraElements allows extra members and extra array elements, keeping order unless ignored")
    func ignoreExtra() {
        let extra = JSONComparison(ignoreExtraElements: true)
        #expect(extra.matches(expected: ["a": 1], actual: ["a": 1, "b": 2]))
        #expect(extra.matches(expected: [1, 3], actual: [1, 2, 3]))
        #expect(!extra.matches(expected: [3, 1], actual: [1, 2, 3]))
        #expect(!extra.matches(expected: ["a": 1, "c": 3], actual: ["a": 1, "b": 2]))
        let both = JSONComparison(ignoreArrayOrder: true, ignoreExtraElements: true)
        #expect(both.matches(expected: [3, ["k": 1]], actual: [["k": 1, "z": 0], 2, 3]))
    }
}

@Suite("JSONPath")
struct JSONPathTests {
    let document: JSONValue = [
        "store": [
            "name": "本屋",
            "books": [
                ["title": "A", "price": 8, "tags": ["x"]],
                ["title": "B", "price": 12],
            ],
        ],
        "empty": nil,
    ]

    @Test("selects members, indexes, wildcards, recursive descent and filters", arguments: [
        ("$.store.name", ["本屋"]),
        ("$['store']['name']", ["本屋"]),
        ("$.store.books[1].title", ["B"]),
        ("$.store.books[-1].title", ["B"]),
        ("$.store.books[*].title", ["A", "B"]),
        ("$..title", ["A", "B"]),
        ("$.store.books[?(@.price > 10)].title", ["B"]),
        ("$.store.books[?(@.title == 'A')].price", [8]),
        ("$.store.books[?(@.tags)].title", ["A"]),
        ("$.store.books[5]", []),
        ("$.missing", []),
    ] as [(String, [JSONValue])])
    func selects(expression: String, expected: [JSONValue]) throws {
        #expect(try JSONPath(expression).select(in: document) == expected)
    }

    @Test("a path to null does not count as a match")
    func nullIsNoMatch() throws {
        #expect(try !JSONPath("$.empty").matches(document))
        #expect(try JSONPath("$.store").matches(document))
    }

    @Test("rejects what the subset lacks, by name", arguments: [
        ("store.name", "must start with '$'"),
        ("$.books[0:2]", "expected ']' at offset 9"),
        ("$.books[?(@.a == 1 && @.b == 2)]", "expected ')' at offset 19 (&&, || and functions are not supported)"),
        ("$.books[?(@.a =~ /x/)]", "unsupported filter operator at offset 14"),
    ])
    func rejects(expression: String, reason: String) {
        #expect(throws: JSONPathError(expression: expression, reason: reason)) { try JSONPath(expression) }
    }
}
