import Testing

@_spi(PyramidTools) @testable import HTTPStubsCore

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
