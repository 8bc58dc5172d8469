import Testing
@testable import WebDriver

@Suite("Error codes and escaping")
struct ErrorCodeTests {
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
