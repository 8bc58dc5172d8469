import Foundation
import PyramidTestSupport
import Testing
import WebDriver

/// `pyramid trends` on a history written as another tool would write it (JSON lines by hand).
@Suite("pyramid trends")
struct TrendsCommandTests {
    let folder = TemporaryFolder("pyramid-trends", create: true)

    /// Four runs: a (unit) fails on 2025-11-29 and passes again on 12-01 (48 h, one commit);
    /// b (ui) fails on 12-01 and passes on 12-02 (24 h, one commit). The whole run's line
    /// coverage is 50 % in November, 60 % in December. One bug escaped, on 11-30.
    func history() throws -> String {
        let runs: [(day: String, time: Int, a: String, b: String, total: Int?)] = [
            ("11-28", 1_764_288_000, "passed", "passed", 50), ("11-29", 1_764_374_400, "failed", "passed", nil),
            ("12-01", 1_764_547_200, "passed", "failed", 60), ("12-02", 1_764_633_600, "passed", "passed", nil),
        ]
        var lines = ""
        for (index, run) in runs.enumerated() {
            let levels = run.total.map { #""levels":{"total":{"lines":\#($0)}},"# } ?? ""
            lines += #"{"commit":"c\#(index)",\#(levels)"run":"r\#(index)","seconds":12.5,"tests":["#
                + #"{"attempts":1,"id":"Shop.Cart/a()","level":"unit","outcome":"\#(run.a)"},"#
                + #"{"attempts":1,"id":"Shop.Login/b()","level":"ui","outcome":"\#(run.b)"}],"time":\#(run.time),"version":2}"# + "\n"
        }
        try FileManager.default.createDirectory(atPath: folder.path("history"), withIntermediateDirectories: true)
        try lines.write(toFile: folder.path("history/history.jsonl"), atomically: true, encoding: .utf8)
        try "id,date,title\nSHOP-9,2025-11-30,Total wrong\n".write(toFile: folder.path("escaped.csv"), atomically: true, encoding: .utf8)
        return folder.path("history")
    }

    @Test("per month: the regressions each level caught, the time to fix, the detection rate, in text and JSON")
    func months() async throws {
        let history = try history()
        let json = try await CLI.run(["trends", history, "--escaped", folder.path("escaped.csv"), "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let report = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let periods = try #require(report["periods"] as? [[String: Any]])
        #expect(periods.map { $0["label"] as? String } == ["2025-11", "2025-12"])
        #expect(periods.map { $0["caught"] as? [String: Int] } == [["unit": 1], ["ui": 1]])
        #expect(periods.map { $0["hoursToFix"] as? Double } == [48, 24])
        #expect(periods.map { $0["detectionRate"] as? Double } == [50, 100])

        let text = try await CLI.run(["trends", history + "/history.jsonl"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("Trends of \(history): 4 runs, 2 regressions caught, by month\n"), "\(text.stdout)")
        #expect(text.stdout.contains("2025-11     2"), "\(text.stdout)")
        #expect(text.stdout.contains("The detection rate needs the bugs that escaped to production: --escaped FILE"), "\(text.stdout)")
    }

    @Test("--compare: the before and after table, each figure with its change")
    func compare() async throws {
        let history = try history()
        let run = try await CLI.run([
            "trends", history, "--escaped", folder.path("escaped.csv"), "--format", "json", "--compare", "2025-11-01..2025-12-01", "2025-12-01..2026-01-01",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let rows = try #require(report["rows"] as? [[String: Any]])
        func row(_ name: String) -> [String: Any]? { rows.first { ($0["name"] as? String)?.hasPrefix(name) == true } }
        #expect(row("Bug detection rate")?["before"] as? Double == 50 && row("Bug detection rate")?["after"] as? Double == 100)
        #expect(row("Bug detection rate")?["change"] as? Double == 100)
        #expect(row("Mean time to fix")?["before"] as? Double == 48 && row("Mean time to fix")?["change"] as? Double == -50)
        #expect(row("Test coverage")?["before"] as? Double == 50 && row("Test coverage")?["after"] as? Double == 60)
        #expect(row("Production bugs")?["change"] as? Double == -100)

        let text = try await CLI.run(["trends", history, "--compare", "2025-11-01..2025-12-01", "2025-12-01..2026-01-01"])
        #expect(text.stdout.contains("Mean time to fix (hours)"), "\(text.stdout)")
        #expect(text.stdout.contains("-50.0 %"), "\(text.stdout)")
    }

    @Test("a folder without a history, an escaped file without dates, a bad --by, --since or --compare: exit 2 with what and where")
    func errors() async throws {
        let history = try history()
        try "id,when\nX,soon\n".write(toFile: folder.path("bad.csv"), atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["trends", folder.path("nowhere")], "\(folder.path("nowhere")) does not exist"),
            (["trends", history, "--escaped", folder.path("bad.csv")], "names no date column"),
            (["trends", history, "--escaped", folder.path("none.csv")], "none.csv: no such file"),
            (["trends", history, "--by", "year"], "--by year: use week or month"),
            (["trends", history, "--since", "last tuesday"], "--since last tuesday: expected a date"),
            (["trends", history, "--compare", "2025-12-01..2025-11-01", "2025-12-01..2026-01-01"], "--compare 2025-12-01..2025-11-01: expected two dates"),
            (["trends", history, "--compare", "2025-11-01..2025-12-01"], "--compare takes two spans"),
        ]
        for (arguments, message) in cases {
            let run = try await CLI.run(arguments)
            #expect(run.status == 2, "\(arguments): \(run.stdout)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }

    @Test("--format html: each trend a chart that opens from disk with no network, its points the JSON's values")
    func page() async throws {
        let history = try history()
        let html = try await CLI.run(["trends", history, "--escaped", folder.path("escaped.csv"), "--format", "html"])
        #expect(html.status == 0, "\(html.stderr)")
        try html.stdout.write(toFile: folder.path("trends.html"), atomically: true, encoding: .utf8)
        let json = try await CLI.run(["trends", history, "--escaped", folder.path("escaped.csv"), "--format", "json"])
        let periods = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["periods"] as? [[String: Any]])

        let points = try await withBrowser { browser in
            let session = browser.session
            try await session.emulateOffline()
            try await session.navigate(to: URL(fileURLWithPath: folder.path("trends.html")).absoluteString)
            return try await session.executeScript("""
                return {
                  points: [...document.querySelectorAll('svg[data-chart] circle')].map((circle) => ({
                    chart: circle.closest('svg').dataset.chart, series: circle.parentNode.dataset.series,
                    period: circle.dataset.period, value: Number(circle.dataset.value), cy: Number(circle.getAttribute('cy')),
                    shown: circle.getBoundingClientRect().width > 0 })),
                  notFiles: performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => !name.startsWith('file:')),
                  charts: document.querySelectorAll('svg[data-chart]').length,
                };
                """)
        }
        #expect(points["notFiles"]?.arrayValue?.isEmpty == true, "\(points)")
        #expect((points["charts"]?.doubleValue ?? 0) >= 5, "regressions, time to fix, flaky runs, coverage, detection: \(points)")
        let read = points["points"]?.arrayValue ?? []
        #expect(read.allSatisfy { $0["shown"]?.boolValue == true })
        func value(_ chart: String, _ series: String, _ period: String) -> Double? {
            read.first { $0["chart"]?.stringValue == chart && $0["series"]?.stringValue == series && $0["period"]?.stringValue == period }?["value"]?.doubleValue
        }
        for period in periods {
            let label = try #require(period["label"] as? String)
            let caught = period["caught"] as? [String: Int] ?? [:]
            for level in ["unit", "ui"] {
                #expect(value("Regressions caught", level, label) == Double(caught[level] ?? 0), "\(level) \(label)")
            }
            #expect(value("Mean time to fix", "all", label) == period["hoursToFix"] as? Double, "\(label)")
            #expect(value("Bug detection rate (during development)", "all", label) == period["detectionRate"] as? Double, "\(label)")
        }
        // Higher is higher on the page: November's 48 hours to fix sits above December's 24.
        let fix = read.filter { $0["chart"]?.stringValue == "Mean time to fix" }.compactMap { $0["cy"]?.doubleValue }
        #expect(fix.count == 2 && fix[0] < fix[1], "\(fix)")
    }

    @Test("pyramid spec --history: a stream read twice is one run, at the time it ended; trends.html beside the spec, linked from spec.html and spec.md")
    func specAppends() async throws {
        let stream = SpecCommandTests.fixtures.appendingPathComponent("sample-6.3-experimental.jsonl").path
        let history = folder.path("history")
        for output in ["first", "second"] {
            let run = try await CLI.run(["spec", "--event-stream", stream, "--history", history, "--output", folder.path(output)])
            #expect(run.status == 1, "the sample run has a failing test: \(run.stderr)")
        }
        let records = try HistoryFile.runs(history + "/history.jsonl")
        #expect(records.count == 2)
        #expect(Set(records.map { $0["run"] as? String }).count == 1)
        // The stream's runEnded event, read independently: when the run ended.
        let ended = try String(contentsOfFile: stream, encoding: .utf8).split(separator: "\n").compactMap { line -> Double? in
            guard line.contains("\"runEnded\"") else { return nil }
            let event = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let payload = event["payload"] as? [String: Any], instant = payload?["instant"] as? [String: Any]
            return instant?["since1970"] as? Double
        }.first
        let time = try #require(records.first?["time"] as? Double)
        #expect(abs(time - (try #require(ended))) < 0.001, "\(time) against \(String(describing: ended))")

        let page = try String(contentsOfFile: folder.path("second/trends.html"), encoding: .utf8)
        #expect(page.contains("<svg"))
        let html = try String(contentsOfFile: folder.path("second/spec.html"), encoding: .utf8)
        #expect(html.contains("<a href=\"trends.html\">What the tests caught, month by month</a>"))
        let markdown = try String(contentsOfFile: folder.path("second/spec.md"), encoding: .utf8)
        #expect(markdown.contains("[What the tests caught, month by month](trends.html)"))
        let json = try await CLI.run(["trends", history, "--format", "json"])
        let report = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((report["periods"] as? [[String: Any]])?.compactMap { $0["runs"] as? Int } == [1])

        // A quarantined test is marked so in the record, and counted in its period.
        let list = folder.path("quarantine.json")
        try Data(#"{"version": 1, "tests": [{"id": "SampleTests.RegisterScreen/OnTapNext/failure()", "reason": "under review"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: list))
        let quarantined = try await CLI.run([
            "spec", "--event-stream", stream, "--quarantine", list, "--history", folder.path("quarantined"), "--output", folder.path("third"),
        ])
        #expect(quarantined.status != 2, "\(quarantined.stderr)")
        let record = try #require(try HistoryFile.runs(folder.path("quarantined/history.jsonl")).first)
        let marked = (record["tests"] as? [[String: Any]] ?? []).filter { $0["quarantined"] as? Bool == true }.compactMap { $0["id"] as? String }
        #expect(marked == ["SampleTests.RegisterScreen/OnTapNext/failure()"])
        let counted = try await CLI.run(["trends", folder.path("quarantined"), "--format", "json"])
        let periods = (try JSONSerialization.jsonObject(with: Data(counted.stdout.utf8)) as? [String: Any])?["periods"] as? [[String: Any]]
        #expect(periods?.compactMap { $0["quarantined"] as? Int } == [1])
    }
}
