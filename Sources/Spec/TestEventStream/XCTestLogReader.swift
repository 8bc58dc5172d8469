import Foundation
/// Reads XCTest's results from `swift test`'s console output, the most complete record XCTest
/// gives on Linux: every `Test Case '…' passed|failed|skipped (N seconds)` line, and the failure
/// and skip lines before it (`File.swift:9: error: Class.method : message`), whose message may
/// go on over several lines until the next line XCTest writes itself.
///
/// Lines that are not XCTest's (Swift Testing's, a test's own prints) are passed over, so the
/// whole mixed output can be given.
@_spi(PyramidTools) public enum XCTestLogReader {
    /// The tests the output reports, in the order they ended.
    @_spi(PyramidTools) public static func read(_ text: String) -> [XCTestRecord] {
        var records: [XCTestRecord] = []
        var failures: [XCTestRecord.Failure] = []
        var skipReason: String?
        /// The failure whose message is still being read, line by line.
        var open: XCTestRecord.Failure?

        func closeOpen() {
            if let failure = open {
                failures.append(XCTestRecord.Failure(
                    message: trimTrailingNewlines(failure.message), file: failure.file, line: failure.line))
            }
            open = nil
        }

        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if let ended = caseEnded(line) {
                closeOpen()
                var record = XCTestRecord(
                    module: nil, className: ended.className, method: ended.method, outcome: ended.outcome,
                    duration: ended.duration, failures: failures, skipReason: skipReason)
                if record.outcome == .skipped, record.skipReason == nil { record.skipReason = "" }
                records.append(record)
                failures = []
                skipReason = nil
                continue
            }
            if line.hasPrefix("Test Case '") || line.hasPrefix("Test Suite '") || isSummary(line) || isSwiftTesting(line) {
                closeOpen()
                if line.hasPrefix("Test Case '") { failures = []; skipReason = nil }
                continue
            }
            if let issue = issueLine(line) {
                closeOpen()
                if issue.isSkip {
                    skipReason = issue.message
                } else {
                    open = XCTestRecord.Failure(message: issue.message, file: issue.file, line: issue.line)
                }
                continue
            }
            if open != nil { open!.message += "\n" + line }
        }
        return records
    }

    // MARK: - Lines

    /// `Test Case 'Class.method' passed (0.002 seconds)`, or Apple's `'-[Module.Class method]'`.
    static func caseEnded(_ line: Substring) -> (className: String, method: String, outcome: XCTestRecord.Outcome, duration: Double?)? {
        guard line.hasPrefix("Test Case '"), let close = line.dropFirst(11).firstIndex(of: "'") else { return nil }
        let name = line[line.index(line.startIndex, offsetBy: 11)..<close]
        let rest = line[line.index(after: close)...].drop { $0 == " " }
        let outcome: XCTestRecord.Outcome
        if rest.hasPrefix("passed") { outcome = .passed }
        else if rest.hasPrefix("failed") { outcome = .failed }
        else if rest.hasPrefix("skipped") { outcome = .skipped }
        else { return nil }
        guard let (className, method) = splitName(name) else { return nil }
        var duration: Double?
        if let open = rest.firstIndex(of: "("), let space = rest[open...].firstIndex(of: " ") {
            duration = Double(rest[rest.index(after: open)..<space])
        }
        return (className, method, outcome, duration)
    }

    /// `Class.method` (Linux) or `-[Module.Class method]` (Apple) into class and method.
    static func splitName(_ name: Substring) -> (String, String)? {
        if name.hasPrefix("-["), name.hasSuffix("]") {
            let inner = name.dropFirst(2).dropLast()
            guard let space = inner.firstIndex(of: " ") else { return nil }
            let qualified = inner[..<space]
            let className = qualified.split(separator: ".").last.map(String.init) ?? String(qualified)
            return (className, String(inner[inner.index(after: space)...]))
        }
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let className = name[..<dot].split(separator: ".").last.map(String.init) ?? String(name[..<dot])
        return (className, String(name[name.index(after: dot)...]))
    }

    /// `/path/File.swift:9: error: Class.method : message` or `/path/File.swift:13: Class.method : Test skipped - why`.
    static func issueLine(_ line: Substring) -> (file: String, line: Int, message: String, isSkip: Bool)? {
        guard let separator = line.range(of: " : ") else { return nil }
        let head = line[..<separator.lowerBound]
        let message = String(line[separator.upperBound...])
        // head: "<file>:<line>: error: Class.method" or "<file>:<line>: Class.method"
        var parts = head.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        let testName = parts.removeLast().trimmingSpaces
        var isError = false
        if parts.last?.trimmingSpaces == "error" {
            parts.removeLast()
            isError = true
        }
        guard let lineNumber = Int(parts.removeLast()), !parts.isEmpty, !testName.contains(" ") || testName.hasPrefix("-[") else {
            return nil
        }
        let file = parts.joined(separator: ":")
        guard !file.isEmpty else { return nil }
        if !isError {
            let skipPrefix = "Test skipped"
            guard message.hasPrefix(skipPrefix) else { return nil }
            var reason = message.dropFirst(skipPrefix.count)
            if reason.hasPrefix(" - ") { reason = reason.dropFirst(3) }
            return (file, lineNumber, String(reason), true)
        }
        return (file, lineNumber, message, false)
    }

    /// `	 Executed 3 tests, with 1 failure (0 unexpected) in 0.002 (0.002) seconds`.
    static func isSummary(_ line: Substring) -> Bool {
        line.drop { $0 == " " || $0 == "\t" }.hasPrefix("Executed ")
    }

    /// Swift Testing's console lines start with one of its symbols.
    static func isSwiftTesting(_ line: Substring) -> Bool {
        guard let first = line.unicodeScalars.first else { return false }
        return ["◇", "↳", "✔", "✘", "━", "􀟈", "􁁛", "􀢄", "􀙟", "⚠︎", "⎙", "➜"].contains { $0.unicodeScalars.first == first }
    }

    static func trimTrailingNewlines(_ text: String) -> String {
        var text = Substring(text)
        while text.last == "\n" || text.last == " " { text = text.dropLast() }
        return String(text)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
