/// One line of Swift Testing's JSON event stream, as written: only the fields a report
/// needs, all optional, so unknown fields and kinds from newer versions decode cleanly.
struct RawRecord: Decodable {
    var kind: String
    var version: String?
    var payload: RawPayload?
}

/// The payload of a `test` record or an `event` record; the two share one shape here.
struct RawPayload: Decodable {
    // test records
    var id: String?
    var name: String?
    var displayName: String?
    var kind: String?
    var isParameterized: Bool?
    var sourceLocation: RawLocation?
    var _tags: [String]?
    var _testCases: [RawTestCase]?

    // event records
    var instant: RawInstant?
    var testID: String?
    var _testCase: RawTestCase?
    var issue: RawIssue?
    var messages: [RawMessage]?
    var attachment: RawAttachment?
    var _comments: [String]?
    var _sourceLocation: RawLocation?
}

struct RawLocation: Decodable {
    var fileID: String?
    var filePath: String?
    var line: Int?
    var column: Int?
}

struct RawInstant: Decodable {
    var absolute: Double?
    var since1970: Double?
}

struct RawTestCase: Decodable {
    var id: String?
    var displayName: String?
}

struct RawIssue: Decodable {
    var isKnown: Bool?
    var isFailure: Bool?
    var severity: String?
    var sourceLocation: RawLocation?
}

struct RawMessage: Decodable {
    var symbol: String?
    var text: String?
}

struct RawAttachment: Decodable {
    var path: String?
    var _preferredName: String?
}
