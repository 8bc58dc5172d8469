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

    /// WireMock's JSON of each stub a recording of `exchanges` under `spec` makes.
    func recorded(_ spec: String, _ exchanges: [RecordedExchange]) throws -> (mappings: [JSONValue], files: [String]) {
        let recording = StubRecorder.record(exchanges, spec: try decode(spec), filesDirectory: "/tmp/files")
        return (try recording.stubs.map { try WireMockMapping.encode($0, filesDirectory: "/tmp/files") }, recording.files.map(\.name))
    }

    static let target = URL(string: "https://api.example.com")!

    static func exchange(_ method: String, _ url: String, _ body: String = "", type: String? = nil, answer: Data = Data("{}".utf8), answerType: String = "application/json") throws -> RecordedExchange {
        var headers = HTTPHeaders()
        if let type { headers.add("Content-Type", type) }
        return RecordedExchange(
            request: try StubRequest(method: method, url: url, headers: headers, body: Data(body.utf8)), status: 200,
            headers: ["Content-Type": answerType], body: answer, target: target)
    }

    @Test("filters keep only the requests they match, as WireMock's do")
    func filtersApplied() throws {
        let exchanges = [try Self.exchange("GET", "/api/items"), try Self.exchange("POST", "/api/items", "{}"), try Self.exchange("GET", "/web/home")]
        let (mappings, _) = try recorded(#"{"targetBaseUrl": "https://api.example.com", "filters": {"urlPathPattern": "/api/.*", "method": "GET"}}"#, exchanges)
        #expect(mappings.map { "\($0["request"]?["method"]?.stringValue ?? "") \($0["request"]?["url"]?.stringValue ?? "")" } == ["GET /api/items"])
    }

    @Test("the request body pattern: equalToJson with its flags, equalTo for text, case-insensitive when asked")
    func bodyPatterns() throws {
        let login = try Self.exchange("POST", "/login", #"{"user": "Taro", "tags": [1, 2]}"#, type: "application/json")
        let strict = try recorded(
            #"{"targetBaseUrl": "https://api.example.com", "requestBodyPattern": {"matcher": "equalToJson", "ignoreArrayOrder": false, "ignoreExtraElements": false}}"#,
            [login]).mappings[0]["request"]?["bodyPatterns"]?.arrayValue?.first
        #expect(strict?["equalToJson"]?["user"] == "Taro", "\(String(describing: strict))")
        #expect(strict?["ignoreArrayOrder"] == .bool(false) || strict?["ignoreArrayOrder"] == nil, "\(String(describing: strict))")
        #expect(strict?["ignoreExtraElements"] == .bool(false) || strict?["ignoreExtraElements"] == nil, "\(String(describing: strict))")
        let loose = try recorded(#"{"targetBaseUrl": "https://api.example.com"}"#, [login]).mappings[0]["request"]?["bodyPatterns"]?.arrayValue?.first
        #expect(loose?["ignoreArrayOrder"] == .bool(true) && loose?["ignoreExtraElements"] == .bool(true), "WireMock's default: \(String(describing: loose))")
        let text = try recorded(
            #"{"targetBaseUrl": "https://api.example.com", "requestBodyPattern": {"matcher": "equalTo", "caseInsensitive": true}}"#,
            [login]).mappings[0]["request"]?["bodyPatterns"]?.arrayValue?.first
        #expect(text?["equalTo"] == #"{"user": "Taro", "tags": [1, 2]}"# && text?["caseInsensitive"] == .bool(true), "\(String(describing: text))")
    }

    @Test("extractBodyCriteria: a text body over its threshold and a binary one over its own go to __files; smaller ones stay inline")
    func bodyThresholds() throws {
        let spec = #"{"targetBaseUrl": "https://api.example.com", "extractBodyCriteria": {"textSizeThreshold": "1 kb", "binarySizeThreshold": 600}}"#
        let exchanges = [
            try Self.exchange("GET", "/small.txt", answer: Data(String(repeating: "a", count: 1024).utf8), answerType: "text/plain"),
            try Self.exchange("GET", "/large.txt", answer: Data(String(repeating: "a", count: 1025).utf8), answerType: "text/plain"),
            try Self.exchange("GET", "/small.bin", answer: Data(repeating: 0xFF, count: 600), answerType: "application/octet-stream"),
            try Self.exchange("GET", "/large.bin", answer: Data(repeating: 0xFF, count: 601), answerType: "application/octet-stream"),
        ]
        let (mappings, files) = try recorded(spec, exchanges)
        let inFiles = mappings.filter { $0["response"]?["bodyFileName"] != nil }.compactMap { $0["request"]?["url"]?.stringValue }
        #expect(inFiles == ["/large.txt", "/large.bin"] && files.count == 2, "\(mappings)")
        #expect(mappings[0]["response"]?["body"]?.stringValue?.count == 1024 && mappings[2]["response"]?["base64Body"] != nil)
    }
}
