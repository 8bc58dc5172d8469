package import Foundation

/// One Given/When/Then step as a test ran it: the record Scenario attaches to the test and
/// `pyramid spec` reads back from the attachment files of a run.
///
/// The JSON form carries a `scenarioStep` format number, so a reader can tell a step
/// attachment from any other JSON a test attaches, and can skip records from a newer format.
package struct StepRecord: Codable, Sendable, Equatable {
    /// The format this build writes; a reader accepts this number or lower.
    package static let currentFormat = 1

    /// The Gherkin keyword that introduces the step.
    package enum Keyword: String, Codable, Sendable, CaseIterable {
        /// And: another step of the same kind.
        /// But: a contrasting step.
        /// Given: the state before.
        /// Then: what should follow.
        /// When: the action.
        case given = "Given", when = "When", then = "Then", and = "And", but = "But"
    }

    /// How the step ended.
    package enum Outcome: String, Codable, Sendable {
        /// The body returned and recorded no failing issue.
        case passed
        /// The body recorded a failing issue or threw.
        case failed
        /// The body was cancelled (the test was cancelled or skipped inside it).
        case cancelled
    }

    /// The record's format number.
    package var scenarioStep: Int
    /// Given, When, Then, And or But.
    package var keyword: Keyword
    /// What the step says.
    package var text: String
    /// 0 for a step written in the test body, 1 for a step inside a step, and so on.
    package var depth: Int
    /// When the step began, in seconds since 1970: orders steps whose records arrive out of order.
    package var startedAt: Double
    /// How long the step took.
    package var durationSeconds: Double
    /// How the step ended.
    package var outcome: Outcome
    /// What failed, in words: the first failing issue or the thrown error.
    package var failure: String?
    /// The step's file, `Module/File.swift`.
    package var fileID: String
    /// The step's line.
    package var line: Int

    /// A step with every part given; Scenario makes these as steps end.
    package init(
        keyword: Keyword, text: String, depth: Int, startedAt: Double, durationSeconds: Double,
        outcome: Outcome, failure: String?, fileID: String, line: Int
    ) {
        self.scenarioStep = Self.currentFormat
        self.keyword = keyword
        self.text = text
        self.depth = depth
        self.startedAt = startedAt
        self.durationSeconds = durationSeconds
        self.outcome = outcome
        self.failure = failure
        self.fileID = fileID
        self.line = line
    }

    /// The step as a reader sees it: "When 「次へ」をタップする".
    package var title: String { "\(keyword.rawValue) \(text)" }

    /// Encodes the record as one line of JSON, keys sorted so equal records are equal bytes.
    package func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A record holds only strings and numbers; encoding cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// Decodes a step record, or nil when the bytes are some other JSON or a newer format.
    package static func decode(_ data: Data) -> StepRecord? {
        data.withUnsafeBytes(decode(bytes:))
    }

    /// ``decode(_:)`` of bytes lent by the caller.
    package static func decode(bytes: UnsafeRawBufferPointer) -> StepRecord? {
        var scanner = JSONScanner(bytes)
        guard let record = try? StepRecord(&scanner), (try? scanner.end()) != nil,
            record.scenarioStep >= 1, record.scenarioStep <= currentFormat
        else { return nil }
        return record
    }

    /// Reads the JSON form, stepping over fields it does not know; fails on a missing field.
    init(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) {
        var format: Int?, keyword: Keyword?, text: String?, depth: Int?, startedAt: Double?
        var duration: Double?, outcome: Outcome?, failure: String?, fileID: String?, line: Int?
        try scanner.object { key, scanner throws(JSONScanner.Failure) in
            if key.equals("scenarioStep") { format = try scanner.int() }
            else if key.equals("keyword") { keyword = Keyword(rawValue: try scanner.string()) }
            else if key.equals("text") { text = try scanner.string() }
            else if key.equals("depth") { depth = try scanner.int() }
            else if key.equals("startedAt") { startedAt = try scanner.double() }
            else if key.equals("durationSeconds") { duration = try scanner.double() }
            else if key.equals("outcome") { outcome = Outcome(rawValue: try scanner.string()) }
            else if key.equals("failure") { failure = try scanner.optionalString() }
            else if key.equals("fileID") { fileID = try scanner.string() }
            else if key.equals("line") { line = try scanner.int() }
            else { try scanner.skipValue() }
        }
        guard let format, let keyword, let text, let depth, let startedAt, let duration, let outcome, let fileID, let line
        else { throw JSONScanner.Failure(offset: scanner.index, reason: "not a step record") }
        self.init(
            keyword: keyword, text: text, depth: depth, startedAt: startedAt, durationSeconds: duration,
            outcome: outcome, failure: failure, fileID: fileID, line: line)
        self.scenarioStep = format
    }
}
