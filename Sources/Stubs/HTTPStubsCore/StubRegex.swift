import Foundation
import PyramidIO

/// A regular expression matched against a whole string (as WireMock's `matches` does),
/// compiled once. An invalid pattern never matches and says why in reports.
///
/// A match is bounded in work: a pattern that backtracks without end on some text (`(a+)+b` on
/// a long run of `a`s) gives up after ``progressLimit`` of the engine's progress reports (ICU
/// reports every 10,000 steps or so: 20 million steps, a third of a second here), counts as no
/// match (for `doesNotMatch` too, since nothing was decided), and says so in reports. Counting
/// steps, not seconds, gives the same verdict on any machine, and comes before the engine's own
/// limit (4,231 reports on Linux), which would end the match as a silent "no match".
struct StubRegex: Sendable, Hashable {
    /// How many progress reports one match may take.
    static let progressLimit = 2000

    let pattern: String
    private let compiled: CompiledExpression?
    /// Why the pattern did not compile, or `nil`.
    let error: String?
    /// Whether a match of this pattern has ever run out of time (shared by its copies).
    private let gaveUp = Locked(false)

    init(_ pattern: String) {
        self.pattern = pattern
        do {
            compiled = CompiledExpression(try NSRegularExpression(pattern: "^(?:" + pattern + ")$", options: [.dotMatchesLineSeparators]))
            error = nil
        } catch {
            compiled = nil
            self.error = "invalid regular expression /\(pattern)/"
        }
    }

    /// What is wrong with the pattern for reports (which add ", never matches"): it does not
    /// compile, or a match of it ran out of time; `nil` otherwise.
    var problem: String? {
        if let error { return error }
        guard gaveUp.value else { return nil }
        return "gave up after 20 million steps on a text: nested repetition such as (a+)+ backtracks without end, and a text it gives up on"
    }

    /// Whether `text` matches as a whole.
    func matches(_ text: String) -> Bool {
        firstMatch(text) != nil
    }

    /// Whether `text` certainly does not match: the pattern compiles and its match ended, in time,
    /// without one.
    func certainlyDoesNotMatch(_ text: String) -> Bool {
        guard let expression = compiled?.expression else { return false }
        if case .noMatch = run(expression, on: text) { return true }
        return false
    }

    /// The capture groups of a whole-string match, or `nil` when there is none (or the match ran
    /// out of time).
    func firstMatch(_ text: String) -> [String?]? {
        guard let expression = compiled?.expression, case .match(let match) = run(expression, on: text) else { return nil }
        return (1..<match.numberOfRanges).map { index in
            Range(match.range(at: index), in: text).map { String(text[$0]) }
        }
    }

    private enum Outcome {
        case match(NSTextCheckingResult)
        case noMatch
        case outOfTime
    }

    /// One match of the anchored expression, stopped when the engine's progress reports pass the
    /// limit.
    private func run(_ expression: NSRegularExpression, on text: String) -> Outcome {
        var outcome = Outcome.noMatch
        var reports = 0
        expression.enumerateMatches(in: text, options: [.reportProgress], range: NSRange(text.startIndex..., in: text)) { match, _, stop in
            reports += 1
            if let match {
                outcome = .match(match)
                stop.pointee = true
            } else if reports > Self.progressLimit {
                outcome = .outOfTime
                stop.pointee = true
            }
        }
        if case .outOfTime = outcome { gaveUp.setValue(true) }
        return outcome
    }

    static func == (lhs: StubRegex, rhs: StubRegex) -> Bool { lhs.pattern == rhs.pattern }
    func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}

/// `NSRegularExpression` is immutable once made and documented as safe to use from many threads.
private struct CompiledExpression: @unchecked Sendable {
    let expression: NSRegularExpression
    init(_ expression: NSRegularExpression) { self.expression = expression }
}
