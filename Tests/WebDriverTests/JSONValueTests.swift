import Testing
@testable import WebDriver

@Suite("JSON values and error codes")
struct JSONValueTests {
    @Test("round-trips every kind of value")
    func roundTrip() throws {
        let value: JSONValue = ["a": [1, 2.5, "three", true, nil], "b": ["nested": "日本語"], "c": false]
        #expect(try JSONValue.decode(value.encoded()) == value)
        #expect(value.description == #"{"a":[1,2.5,"three",true,null],"b":{"nested":"日本語"},"c":false}"#)
        #expect(value["b"]?["nested"]?.stringValue == "日本語")
        #expect(value["a"]?.arrayValue?.count == 5)
        #expect(value["missing"] == nil)
    }

    @Test("maps W3C error strings to codes and back, keeping unknown ones")
    func errorCodes() {
        #expect(WebDriverErrorCode("no such element") == .noSuchElement)
        #expect(WebDriverErrorCode("stale element reference") == .staleElementReference)
        #expect(WebDriverErrorCode("timeout") == .timeout)
        #expect(WebDriverErrorCode("something new") == .other("something new"))
        #expect(WebDriverErrorCode.scriptTimeout.description == "script timeout")
        #expect(WebDriverErrorCode.other("x").description == "x")
    }

    @Test("escapes CSS strings for test ids")
    func cssEscaping() {
        #expect(Locator.cssString(#"a"b\c"#) == #""a\"b\\c""#)
    }
}

@Suite("Typing runs")
struct TypingRunTests {
    @Test("ordinary characters are inserted in runs; newline, tab, backspace and Key code points are pressed")
    func runs() {
        let text = "ab\ncd\t\u{8}é漢" + Key.escape.rawValue + Key.escape.rawValue + "z"
        #expect(WebDriverSession.typingRuns(text) == [
            .text("ab"), .keys(Key.enter.rawValue), .text("cd"), .keys(Key.tab.rawValue + Key.backspace.rawValue),
            .text("é漢"), .keys(Key.escape.rawValue + Key.escape.rawValue), .text("z"),
        ])
        #expect(WebDriverSession.typingRuns("").isEmpty)
        #expect(WebDriverSession.typingRuns("\r\n") == [.keys(Key.enter.rawValue)])
    }
}
