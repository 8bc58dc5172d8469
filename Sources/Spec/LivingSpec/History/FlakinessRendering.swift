import Foundation
import PyramidIO

extension FlakinessReport {
    /// The report for a terminal: the flaky tests most flaky first, the slower tests, and the
    /// quarantine proposals as JSON entries to paste into the list.
    package var text: String {
        var lines = [headline]
        for test in flaky {
            lines.append("  \(Self.percent(test.flipRate).leftPadded(5))  \(test.name ?? test.id)\(test.quarantined ? "  [quarantined]" : "")")
            if test.name != nil { lines.append("         \(test.id)") }
            lines.append("         \(Self.evidence(test)); first seen \(Self.time(test.firstSeen)), last seen \(Self.time(test.lastSeen))")
            if let failure = test.lastFailure { lines.append("         last failure: \(failure)") }
        }
        lines.append(slowerHeadline)
        for test in slower {
            lines.append("  \(String(format: "%.1f×", test.factor).leftPadded(6))  \(test.name ?? test.id): \(Self.seconds(test.before)) → \(Self.seconds(test.now))")
            if test.name != nil { lines.append("          \(test.id)") }
        }
        if !proposedAdditions.isEmpty {
            lines.append("Quarantine: add \(counted(proposedAdditions.count, "entry", plural: "entries")) (flaky in at least \(options.quarantineAfter) of the last \(windowRuns) runs):")
            for entry in proposedAdditions { lines.append("  " + Self.json(entry)) }
        }
        if !proposedRemovals.isEmpty {
            lines.append("Quarantine: remove \(counted(proposedRemovals.count, "entry", plural: "entries")) (every test they name passed its last \(options.window) runs):")
            for entry in proposedRemovals { lines.append("  - \(entry.id) (\(entry.reason))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as Markdown, for a CI job summary.
    package var markdown: String {
        var out = "# Flaky tests\n\n\(MarkdownSpec.escape(headline))\n\n"
        if !flaky.isEmpty {
            out += "| Flip rate | Test | Flaky runs | First seen | Last seen | Last failure |\n| ---: | --- | --- | --- | --- | --- |\n"
            for test in flaky {
                let cells = [
                    Self.percent(test.flipRate), Self.markdownName(test.name, id: test.id) + (test.quarantined ? " 🧊" : ""),
                    MarkdownSpec.escape(Self.evidence(test)), Self.time(test.firstSeen), Self.time(test.lastSeen),
                    MarkdownSpec.escape(test.lastFailure ?? ""),
                ]
                out += "| " + cells.joined(separator: " | ") + " |\n"
            }
            out += "\n"
        }
        out += "## Slower\n\n\(MarkdownSpec.escape(slowerHeadline))\n\n"
        if !slower.isEmpty {
            out += "| Slower by | Test | Before | Now |\n| ---: | --- | ---: | ---: |\n"
            for test in slower {
                out += "| \(String(format: "%.1f×", test.factor)) | \(Self.markdownName(test.name, id: test.id)) | \(Self.seconds(test.before)) | \(Self.seconds(test.now)) |\n"
            }
            out += "\n"
        }
        if !proposedAdditions.isEmpty || !proposedRemovals.isEmpty {
            out += "## Quarantine\n\n"
            if !proposedAdditions.isEmpty {
                out += "Add (flaky in at least \(options.quarantineAfter) of the last \(windowRuns) runs):\n\n```json\n"
                out += proposedAdditions.map(Self.json).joined(separator: ",\n") + "\n```\n\n"
            }
            for entry in proposedRemovals { out += "- Remove \(MarkdownSpec.escape(entry.id)): every test it names passed its last \(options.window) runs.\n" }
        }
        return out
    }

    /// The report as JSON, for other tools: the counts, each flaky and slower test, and the proposals.
    package var json: String {
        let document = JSONReport(
            runs: runCount, window: windowRuns,
            flaky: flaky.map {
                .init(id: $0.id, name: $0.name, flipRate: $0.flipRate, runs: $0.runs, flakyRuns: $0.flakyRuns, passedOnRetry: $0.passedOnRetry,
                      firstSeen: Self.time($0.firstSeen), lastSeen: Self.time($0.lastSeen), lastFailure: $0.lastFailure, quarantined: $0.quarantined)
            },
            slower: slower.map { .init(id: $0.id, name: $0.name, before: $0.before, now: $0.now, factor: $0.factor) },
            quarantine: .init(add: proposedAdditions, remove: proposedRemovals))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(document)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }

    private struct JSONReport: Encodable {
        struct Flaky: Encodable {
            var id: String, name: String?, flipRate: Double, runs: Int, flakyRuns: Int, passedOnRetry: Int
            var firstSeen: String, lastSeen: String, lastFailure: String?, quarantined: Bool
        }
        struct Slower: Encodable { var id: String, name: String?, before: Double, now: Double, factor: Double }
        struct Proposals: Encodable { var add: [QuarantineList.Entry], remove: [QuarantineList.Entry] }
        var runs: Int, window: Int, flaky: [Flaky], slower: [Slower], quarantine: Proposals
    }

    private var headline: String {
        guard runCount > 0 else { return "The history has no runs yet." }
        return "\(counted(runCount, "run")) in the history; flip rates over the last \(windowRuns). "
            + (flaky.isEmpty ? "No test flipped." : "\(counted(flaky.count, "flaky test")), most flaky first:")
    }

    private var slowerHeadline: String {
        let rule = "the median of the last \(options.recentRuns) runs at least \(String(format: "%g", options.slowdownFactor))× and \(Self.seconds(options.slowdownMinimum)) above the earlier ones"
        return slower.isEmpty ? "No test got slower (\(rule))." : "\(counted(slower.count, "test")) got slower (\(rule)):"
    }

    /// "3 of 20 runs flaky, 2 passed only on a retry".
    private static func evidence(_ test: FlakyTest) -> String {
        "\(test.flakyRuns) of \(test.runs) runs flaky" + (test.passedOnRetry > 0 ? ", \(test.passedOnRetry) passed only on a retry" : "")
    }

    /// A test in a Markdown table: its name, then its id; its id alone when the history has no
    /// name for it.
    private static func markdownName(_ name: String?, id: String) -> String {
        guard let name else { return MarkdownSpec.escape(id) }
        return MarkdownSpec.escape(name) + " (" + MarkdownSpec.escape(id) + ")"
    }

    private static func percent(_ rate: Double) -> String { "\(Int((rate * 100).rounded())) %" }

    private static func seconds(_ value: Double) -> String { String(format: value < 1 ? "%.0f ms" : "%.2f s", value < 1 ? value * 1000 : value) }

    /// An ISO 8601 time in UTC, to the second.
    private static func time(_ secondsSince1970: Double) -> String { SpecText.timestamp(secondsSince1970) }

    private static func json(_ entry: QuarantineList.Entry) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(entry)) ?? Data(), as: UTF8.self)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
