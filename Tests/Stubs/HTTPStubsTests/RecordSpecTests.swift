import Foundation
import HTTPStubs
import Testing

/// WireMock's record spec as `/__admin/recordings/start` and `/snapshot` take it.
@Suite("Record specs")
struct RecordSpecTests {
    func decode(_ text: String, needsTarget: Bool = true) throws -> RecordSpec {
        try RecordSpec.decode(Data(text.utf8), source: "spec", needsTarget: needsTarget)
    }

    @Test("WireMock's defaults: auto body matching, text over 10 KB and every binary body in __files, persisted, repeats as scenarios")
    func defaults() throws {
        let spec = try decode(#"{"targetBaseUrl": "https://api.example.com"}"#)
        #expect(spec.targetBaseURL?.absoluteString == "https://api.example.com")
        #expect(spec.requestBodyMatcher == .auto(ignoreArrayOrder: true, ignoreExtraElements: true, caseInsensitive: false))
        #expect(spec.textSizeThreshold == 10 * 1024 && spec.binarySizeThreshold == 0 && spec.persist && spec.repeatsAsScenarios)
        #expect(spec.captureHeaders.isEmpty && spec.filter == nil)
        #expect(spec.isRedacted("Set-Cookie") && !spec.isRedacted("Content-Type"))
    }

    @Test("every field read as WireMock's example spells it")
    func full() throws {
        let spec = try decode(#"""
            {"targetBaseUrl": "http://example.mocklab.io", "filters": {"urlPathPattern": "/api/.*", "method": "GET"},
             "captureHeaders": {"Accept": {}, "Content-Type": {"caseInsensitive": true}, "Set-Cookie": {}},
             "requestBodyPattern": {"matcher": "equalToJson", "ignoreArrayOrder": false, "ignoreExtraElements": true},
             "extractBodyCriteria": {"textSizeThreshold": "2 kb", "binarySizeThreshold": "1 Mb"},
             "persist": false, "repeatsAsScenarios": false, "outputFormat": "FULL"}
            """#)
        #expect(spec.filter?.match(StubRequest(method: "GET", path: "/api/items")) != nil)
        #expect(spec.filter?.match(StubRequest(method: "GET", path: "/web")) == nil && spec.filter?.match(StubRequest(method: "POST", path: "/api/items")) == nil)
        #expect(spec.captureHeaders.map(\.name) == ["Accept", "Content-Type", "Set-Cookie"] && spec.captureHeaders.map(\.caseInsensitive) == [false, true, false])
        #expect(spec.requestBodyMatcher == .equalToJSON(ignoreArrayOrder: false, ignoreExtraElements: true))
        #expect(spec.textSizeThreshold == 2048 && spec.binarySizeThreshold == 1024 * 1024 && !spec.persist && !spec.repeatsAsScenarios)
        #expect(!spec.isRedacted("set-cookie"), "captured on purpose")
        #expect(try decode(#"{"extractBodyCriteria": {"textSizeThreshold": 2048}}"#, needsTarget: false).textSizeThreshold == 2048)
    }

    @Test("what is wrong or unsupported is named by its field", arguments: [
        (#"{}"#, "spec, mapping 0: targetBaseUrl: a recording needs the real server's URL"),
        (#"{"targetBaseUrl": "api.example.com"}"#, #"targetBaseUrl: "api.example.com" is not an absolute http or https URL"#),
        (#"{"targetBaseUrl": "http://a.test", "filters": {"ids": ["x"]}}"#, "filters.ids is not supported"),
        (#"{"targetBaseUrl": "http://a.test", "requestBodyPattern": {"matcher": "equalToXml"}}"#, #"requestBodyPattern.matcher "equalToXml" is not supported"#),
        (#"{"targetBaseUrl": "http://a.test", "extractBodyCriteria": {"textSizeThreshold": "lots"}}"#, #"extractBodyCriteria.textSizeThreshold: "lots" is not a size"#),
        (#"{"targetBaseUrl": "http://a.test", "persist": "yes"}"#, "persist"),
        (#"{"targetBaseUrl": "http://a.test", "transformers": ["x"]}"#, "transformers is not supported"),
        (#"[1]"#, "record spec: expected an object"),
    ])
    func errors(text: String, message: String) {
        let error = #expect(throws: WireMockPatternError.self) { try decode(text) }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }
}
