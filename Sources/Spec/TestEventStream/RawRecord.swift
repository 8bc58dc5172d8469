/// One line of Swift Testing's JSON event stream: only the fields a report needs, read with
/// ``JSONScanner`` so that unknown fields, and fields from newer versions, are stepped over.
struct RawRecord {
    var kind: String?
    var version: String?
    var payload: RawPayload?

    init(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) {
        try scanner.object { key, scanner throws(JSONScanner.Failure) in
            if key.equals("kind") {
                kind = try scanner.optionalString()
            } else if key.equals("version") {
                version = scanner.null() ? nil : try Self.versionText(&scanner)
            } else if key.equals("payload") {
                payload = scanner.null() ? nil : try RawPayload(&scanner)
            } else {
                try scanner.skipValue()
            }
        }
    }

    /// Versions are strings ("6.3.0"); early streams wrote numbers (0, 1).
    private static func versionText(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> String {
        var copy = scanner
        if let text = try? copy.string() {
            scanner = copy
            return text
        }
        let number = try scanner.double()
        // A whole number too large for an Int is written as a double (a fuzz finding: 1e98 trapped).
        return number.rounded() == number && abs(number) < 9e15 ? String(Int(number)) : String(number)
    }
}

/// The payload of a `test` record or an `event` record; the two share one shape here.
struct RawPayload {
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

    static let timeOnlyKinds: Set<String> = ["testStarted", "testEnded", "testCaseEnded", "runStarted", "runEnded"]

    init(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) {
        try scanner.object { key, scanner throws(JSONScanner.Failure) in
            if scanner.null() { return }
            if key.equals("kind") { kind = try scanner.string() }
            else if key.equals("testID") { testID = try scanner.string() }
            else if key.equals("instant") { instant = try RawInstant(&scanner) }
            else if key.equals("messages") {
                // Events that only mark a time say nothing in their messages the report uses
                // (keys come sorted, so `kind` is known by now); stepping over them saves a
                // string or two on most lines.
                if let kind, Self.timeOnlyKinds.contains(kind) { return try scanner.skipValue() }
                var list: [RawMessage] = []
                try scanner.array { scanner throws(JSONScanner.Failure) in list.append(try RawMessage(&scanner)) }
                messages = list
            }
            else if key.equals("issue") { issue = try RawIssue(&scanner) }
            else if key.equals("_testCase") { _testCase = try RawTestCase(&scanner) }
            else if key.equals("attachment") { attachment = try RawAttachment(&scanner) }
            else if key.equals("_comments") { _comments = try scanner.strings() }
            else if key.equals("_sourceLocation") { _sourceLocation = try RawLocation(&scanner) }
            else if key.equals("id") { id = try scanner.string() }
            else if key.equals("name") { name = try scanner.string() }
            else if key.equals("displayName") { displayName = try scanner.string() }
            else if key.equals("isParameterized") { isParameterized = try scanner.bool() }
            else if key.equals("sourceLocation") { sourceLocation = try RawLocation(&scanner) }
            else if key.equals("_tags") { _tags = try scanner.strings() }
            else if key.equals("_testCases") {
                var list: [RawTestCase] = []
                try scanner.array { scanner throws(JSONScanner.Failure) in list.append(try RawTestCase(&scanner)) }
                _testCases = list
            }
            else { try scanner.skipValue() }
        }
    }
}

struct RawLocation {
    var fileID: String?
    var filePath: String?
    var line: Int?

    init(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) {
        try scanner.object { key, scanner throws(JSONScanner.Failure) in
            if scanner.null() { return }
            if key.equals("fileID") { fileID = try scanner.string() }
            // Only read when there is no fileID (keys come sorted: fileID first).
            else if key.equals("filePath") { if fileID == nil { filePath = try scanner.string() } else { try scanner.skipValue() } }
            else if key.equals("line") { line = try scanner.int() }
            else { try scanner.skipValue() }
        }
    }
}

struct RawInstant {
    var absolute: Double?
    var since1970: Double?

    init(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) {
        try scanner.object { key, scanner throws(JSONScanner.Failure) in
            if scanner.null() { return }
            if key.equals("absolute") { absolute = try scanner.double() }
            else if key.equals("since1970") { since1970 = try scanner.double() }
            else { try scanner.skipValue() }
        }
    }
}

struct RawTestCase {
    var id: String?
    var displayName: String?

    init(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) {
        try scanner.object { key, scanner throws(JSONScanner.Failure) in
            if scanner.null() { return }
            if key.equals("id") { id = try scanner.string() }
            else if key.equals("displayName") { displayName = try scanner.string() }
            else { try scanner.skipValue() }
        }
    }
}

struct RawIssue {
    var isKnown: Bool?
    var isFailure: Bool?
    var severity: String?
    var sourceLocation: RawLocation?

    init(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) {
        try scanner.object { key, scanner throws(JSONScanner.Failure) in
            if scanner.null() { return }
            if key.equals("isKnown") { isKnown = try scanner.bool() }
            else if key.equals("isFailure") { isFailure = try scanner.bool() }
            else if key.equals("severity") { severity = try scanner.string() }
            else if key.equals("sourceLocation") { sourceLocation = try RawLocation(&scanner) }
            else { try scanner.skipValue() }
        }
    }
}

struct RawMessage {
    var symbol: String?
    var text: String?

    init(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) {
        try scanner.object { key, scanner throws(JSONScanner.Failure) in
            if scanner.null() { return }
            if key.equals("symbol") { symbol = try scanner.string() }
            else if key.equals("text") { text = try scanner.string() }
            else { try scanner.skipValue() }
        }
    }
}

struct RawAttachment {
    var path: String?
    var _preferredName: String?

    init(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) {
        try scanner.object { key, scanner throws(JSONScanner.Failure) in
            if scanner.null() { return }
            if key.equals("path") { path = try scanner.string() }
            else if key.equals("_preferredName") { _preferredName = try scanner.string() }
            else { try scanner.skipValue() }
        }
    }
}
