import Testing

/// What a wait saw, for the failure message: how many times it checked, the values it read
/// (each distinct one once, in the order first seen) and the time that passed on its clock.
struct PollReport {
    var checks = 0
    var lastValue = ""
    var distinct: [String] = []
    var waited: Duration = .zero

    static let distinctLimit = 20

    mutating func saw<Value>(_ value: Value) {
        checks += 1
        lastValue = String(describing: value)
        if distinct.count < Self.distinctLimit, !distinct.contains(lastValue) { distinct.append(lastValue) }
    }

    func message(_ headline: String, _ comment: Comment?) -> Comment {
        var lines = [headline]
        if let comment { lines[0] += ": \(comment.rawValue)" }
        lines.append("last value: \(lastValue)")
        let more = distinct.count == Self.distinctLimit ? ", …" : ""
        lines.append("distinct values seen: \(distinct.joined(separator: ", "))\(more)")
        lines.append("checks: \(checks) over \(waited)")
        return Comment(rawValue: lines.joined(separator: "\n"))
    }
}

/// The loop behind ``eventually(_:satisfies:_:timeout:every:clock:sourceLocation:isolation:)``,
/// ``never(_:satisfies:_:for:every:clock:sourceLocation:isolation:)`` and
/// ``always(_:satisfies:_:for:every:clock:sourceLocation:isolation:)``: read, check, sleep on
/// the given clock, until the condition settles the question or the time is up.
enum Polling {
    enum Goal {
        /// Stop with success the first time the predicate holds.
        case eventually
        /// Fail the first time the predicate holds.
        case never
        /// Fail the first time the predicate does not hold.
        case always
    }

    static func run<Value, C: Clock<Duration>>(
        _ goal: Goal,
        within duration: Duration,
        every interval: Duration,
        clock: C,
        comment: Comment?,
        sourceLocation: SourceLocation,
        isolation: isolated (any Actor)? = #isolation,
        _ value: () async -> Value,
        _ predicate: (Value) -> Bool
    ) async -> Bool {
        var report = PollReport()
        let start = clock.now
        while true {
            let current = await value()
            report.saw(current)
            let holds = predicate(current)
            report.waited = start.duration(to: clock.now)
            switch goal {
            case .eventually where holds: return true
            case .never where holds:
                Issue.record(report.message("never: the condition held at check \(report.checks)", comment), sourceLocation: sourceLocation)
                return false
            case .always where !holds:
                Issue.record(report.message("always: the condition failed at check \(report.checks)", comment), sourceLocation: sourceLocation)
                return false
            default: break
            }
            if report.waited >= duration {
                if goal == .eventually {
                    Issue.record(report.message("eventually: the condition was not met within \(duration)", comment), sourceLocation: sourceLocation)
                    return false
                }
                return true
            }
            do {
                try await clock.sleep(for: min(interval, duration - report.waited))
            } catch {
                Issue.record(report.message("\(goal): cancelled while waiting", comment), sourceLocation: sourceLocation)
                return false
            }
            await Task.yield()
        }
    }
}
