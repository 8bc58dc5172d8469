import Foundation
import PyramidTestSupport
import Testing
import TestEventStream
@_spi(PyramidTools) @testable import XCResult

/// Each corpus bundle, read through its database and through xcresulttool's JSON, against the
/// JUnit fastlane's `trainer` wrote for it: the same (suite, test, arguments, outcome, failure
/// messages), with every repetition and with only the last one.
@Suite("Result bundles against fastlane's JUnit", .ownThread)
struct FastlaneConformanceTests {
    /// Our run in fastlane's terms: one entry per case attempt (`withRetries`) or per case.
    static func entries(_ run: TestRun, withRetries: Bool) -> [FastlaneCase] {
        var entries: [FastlaneCase] = []
        func walk(_ node: TestNode, suites: [String]) {
            guard node.kind == .function else {
                for child in node.children { walk(child, suites: node.kind == .suite ? suites + [node.name] : suites) }
                return
            }
            for testCase in node.cases {
                var attempts: [(issues: [IssueRecord], skip: String?)] =
                    withRetries ? testCase.earlierAttempts.map { ($0.issues, $0.skipReason) } : []
                attempts.append((testCase.issues, testCase.skipReason ?? node.skipReason))
                let first = withRetries ? 1 : testCase.attemptCount
                for (offset, attempt) in attempts.enumerated() {
                    let failures = attempt.issues.filter { $0.kind == .failure }
                    let outcome = !failures.isEmpty ? "failed" : attempt.skip != nil ? "skipped" : "passed"
                    let messages = outcome == "skipped" ? [attempt.skip ?? ""] : failures.map { issue in
                        issue.place.map { "\(($0.fileID as NSString).lastPathComponent):\($0.line): " } .map { $0 + issue.message } ?? issue.message
                    }.map(xmlEncoded).sorted()
                    entries.append(FastlaneCase(
                        suite: suites.joined(separator: "."), test: node.title, arguments: testCase.arguments.map(xmlEncoded),
                        repetition: testCase.attemptCount > 1 || withRetries ? first + offset : 1, outcome: outcome, messages: messages))
                }
            }
        }
        for module in run.modules { walk(module, suites: []) }
        return entries
    }

    /// An argument or message as fastlane's XML holds it: XML 1.0 cannot hold most control characters, so
    /// fastlane writes them as `\u0001` text (and NUL as nothing), and an XML reader turns a
    /// tab, a line feed or a carriage return in an attribute into a space.
    static func xmlEncoded(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0: break
            case 0x09, 0x0A, 0x0D: out += " "
            case 0x01..<0x20, 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// fastlane's entries with the differences we make on purpose taken out:
    /// - a skip message is "Test 'Name' skipped: reason" or "Test skipped - reason" there and
    ///   the reason alone here (the spec says "skipped: reason"); the reason must end fastlane's message.
    /// - fastlane names an XCTest case without `()` when it has arguments ("testLaunch()" is
    ///   kept in `testname`), so names are compared as the `testname` property gives them.
    /// - fastlane gives a test that ran once no repetition (1); so do we. Xcode 26 names a
    ///   case's runs "First Run", "Retry 1", and fastlane copies the names: both count from 1 here.
    static func normalised(_ theirs: [FastlaneCase], against ours: [FastlaneCase]) -> [FastlaneCase] {
        theirs.map { entry in
            var entry = entry
            if entry.outcome == "skipped", let reason = ours.first(where: { $0.suite == entry.suite && $0.test == entry.test && $0.outcome == "skipped" })?.messages.first,
               entry.messages.first?.hasSuffix(reason) == true, !reason.isEmpty {
                entry.messages = [reason]
            }
            return entry
        }
    }

    static func compare(
        _ run: TestRun, version: String, withRetries: Bool, otherRun: Bool = false
    ) throws -> (missing: [FastlaneCase], extra: [FastlaneCase], count: Int) {
        let junit = try #require(XCResultCorpus.junit(version, retries: withRetries))
        var ours = entries(run, withRetries: withRetries)
        var theirs = normalised(try FastlaneJUnit.read(junit, firstRunNamed: version == "Xcode26"), against: ours)
        // A UI test run once per launch configuration: the database keeps the values ("1, 4"),
        // Xcode 26's xcresulttool names them ("Light Appearance, Landscape Right"), and the two
        // list them in different orders. The count and outcomes are compared; the values are not.
        func unnamed(_ entry: FastlaneCase) -> FastlaneCase {
            var entry = entry
            if entry.suite.hasSuffix("LaunchTests") { entry.arguments = "configuration" }
            return entry
        }
        theirs = theirs.map(unnamed)
        ours = ours.map(unnamed)
        let count = theirs.count
        if otherRun {
            // The corpus's Xcode 16 JSON was printed from another run of the same project: its
            // source lines above line 67 were 6 lower, the UI test's app had other pids, and the
            // test with unusual characters had not been written yet. Those three are set aside.
            func sameRun(_ entry: FastlaneCase) -> FastlaneCase {
                var entry = entry
                entry.messages = entry.messages.map {
                    $0.replacingOccurrences(of: #"\.swift:\d+:"#, with: ".swift:", options: .regularExpression)
                        .replacingOccurrences(of: #"pid: \d+"#, with: "pid", options: .regularExpression)
                }
                return entry
            }
            let unusual = "testName🏷️And📋ParamsUsingSome😱Unusual🤪Characters(asciiCharacter:)"
            #expect(!ours.contains { $0.test == unusual })
            theirs = theirs.filter { $0.test != unusual }.map(sameRun)
            ours = ours.map(sameRun)
        }
        let (a, b) = (multiset(theirs), multiset(ours))
        let missing = a.flatMap { key, count in Array(repeating: key, count: max(0, count - (b[key] ?? 0))) }
        let extra = b.flatMap { key, count in Array(repeating: key, count: max(0, count - (a[key] ?? 0))) }
        return (missing.sorted { $0.description < $1.description }, extra.sorted { $0.description < $1.description }, count)
    }

    static func brief(_ entries: [FastlaneCase]) -> String {
        entries.prefix(6).map { String($0.description.prefix(220)) }.joined(separator: "\n")
    }

    static func multiset(_ entries: [FastlaneCase]) -> [FastlaneCase: Int] {
        entries.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    @Test("the database gives fastlane's test cases, outcomes and messages", arguments: XCResultCorpus.versions, [false, true])
    func database(version: String, withRetries: Bool) throws {
        guard let bundle = XCResultCorpus.bundle(version) else {
            Issue.record("the xcresult corpus (../shared/peer-data/xcresult) is absent"); return
        }
        let run = try XCResultBundle.read(bundles: [bundle])
        let result = try Self.compare(run, version: version, withRetries: withRetries)
        #expect(result.count == (withRetries ? 368 : 192))
        #expect(result.missing.isEmpty, "in fastlane's JUnit only (\(result.missing.count)): \(Self.brief(result.missing))")
        #expect(result.extra.isEmpty, "in ours only (\(result.extra.count)): \(Self.brief(result.extra))")
    }

    @Test("xcresulttool's JSON gives fastlane's test cases, outcomes and messages", arguments: XCResultCorpus.versions, [false, true])
    func json(version: String, withRetries: Bool) throws {
        guard let json = XCResultCorpus.json(version) else {
            Issue.record("the xcresult corpus (../shared/peer-data/xcresult) is absent"); return
        }
        let run = try XCResultBundle.read(json: [json])
        let result = try Self.compare(run, version: version, withRetries: withRetries, otherRun: version == "Xcode16")
        #expect(result.count == (withRetries ? 368 : 192))
        #expect(result.missing.isEmpty, "in fastlane's JUnit only (\(result.missing.count)): \(Self.brief(result.missing))")
        #expect(result.extra.isEmpty, "in ours only (\(result.extra.count)): \(Self.brief(result.extra))")
    }
}
