import HTTPStubs
import Testing

/// The body comparison a drift check uses: structure always, values when asked, paths named.
@Suite("JSON differences")
struct JSONDiffTests {
    let recorded: JSONValue = ["id": "a1", "items": [["title": "x", "price": 1], ["title": "y", "price": 2]], "odd key": true, "at": "${json-unit.any-string}"]

    @Test("a field added, removed or retyped is named by its path; a value change only when values are compared")
    func structure() throws {
        let current: JSONValue = ["id": "a2", "items": [["name": "x", "price": "1"], ["title": "y", "price": 2]], "odd key": true, "at": "2026-11-27"]
        let found = JSONDiff().differences(recorded: recorded, current: current).map(\.description)
        #expect(found == [
            #"$.items[0].name added: "x""#,
            #"$.items[0].price is a string now, was a number (1 → "1")"#,
            #"$.items[0].title removed (was "x")"#,
        ])
        let withValues = JSONDiff(comparesValues: true).differences(recorded: recorded, current: current).map(\.path)
        #expect(withValues == ["$.id", "$.items[0].name", "$.items[0].price", "$.items[0].title"])
        #expect(JSONDiff(comparesValues: true).differences(recorded: recorded, current: recorded).isEmpty)
    }

    @Test("placeholders and ignored paths are not compared beyond what they say; keys that are no identifier are quoted")
    func ignored() {
        let retyped: JSONValue = ["id": "a1", "items": [], "odd key": 1, "at": 5]
        let found = JSONDiff(ignoring: ["$.items[*].title"]).differences(recorded: recorded, current: retyped).map(\.description)
        #expect(found == [#"$.at is a number now, was a string (${json-unit.any-string} → 5)"#, #"$["odd key"] is a number now, was a boolean (true → 1)"#])
        let arrays: JSONValue = ["items": [["title": "x"], ["title": 3]]]
        #expect(JSONDiff(ignoring: ["$.items[*].title"]).differences(recorded: ["items": [["title": "x"], ["title": "y"]]], current: arrays).isEmpty)
    }
}
