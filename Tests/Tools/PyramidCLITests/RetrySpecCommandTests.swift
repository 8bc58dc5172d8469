import Foundation
import PyramidTestSupport
import Testing

/// `pyramid spec --retries`, `--history` and the quarantine on a real `swift test` run of the
/// fixture target RetryFixtureTests (Tests/Fixtures): a test that fails once, one that always
/// fails, a parameterised case that fails once, a snapshot cell that renders wrong once, a
/// snapshot whose reference is missing, and an XCTest test that fails once.
///
extension CheckoutBuildTests {
    /// The fixture is this package's own test target, already built: the runs use `--skip-build`,
    /// and `--ignore-lock`, since the `swift test` running this test holds the build folder's lock.
    /// They run one at a time: two `swift test`s at once in one build folder cannot both open its
    /// build database.
    @Suite("pyramid spec --retries on the fixture", .serialized)
    struct RetrySpecCommandTests {
        let folder = TemporaryFolder("pyramid-retries", create: true)

        static let packageRoot = CheckoutBuildTests.checkout

        /// Runs the fixture under `pyramid spec` with `arguments`, its markers and references in a
        /// folder of its own, outside CI (so a missing reference is recorded, as on a laptop).
        func spec(_ arguments: [String], fixture: String) async throws -> Program.Run {
            try FileManager.default.createDirectory(atPath: folder.path(fixture), withIntermediateDirectories: true)
            return try await CLI.run(
                ["spec", "--package-path", Self.packageRoot, "--filter", "RetryFixture"] + arguments + ["--", "--skip-build", "--ignore-lock"],
                environment: ["PYRAMID_RETRY_FIXTURE": folder.path(fixture), "CI": "", "SNAPSHOT_ARTIFACTS": folder.path(fixture + "-artifacts")])
        }

        /// The `<testcase>` element whose name starts with `name`, whole.
        static func testCase(_ name: String, in junit: String) -> String? {
            guard let start = junit.range(of: "<testcase name=\"\(name)") else { return nil }
            guard let end = junit.range(of: "</testcase>", range: start.upperBound..<junit.endIndex) else { return nil }
            return String(junit[start.lowerBound..<end.upperBound])
        }

        static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

        @Test("--retries 2: flaky tests pass the run on a rerun, failures keep every attempt, no rerun accepts a reference it did not review, and the JUnit validates against Surefire's schema")
        func retries() async throws {
            let run = try await spec(["--retries", "2", "--output", folder.path("out"), "--history", folder.path("history")], fixture: "fixture")
            #expect(run.status == 1, "two tests never pass: \(run.stderr)")
            #expect(run.stdout.contains("Living spec: 6 tests — 2 failed, 4 flaky"), "\(run.stdout)")
            #expect(run.stdout.contains("rerun 1 of 2: 6 failed tests again"))
            #expect(run.stdout.contains("rerun 2 of 2: 2 failed tests again"))

            let junit = try String(contentsOfFile: folder.path("out/junit.xml"), encoding: .utf8)
            // Failed, then passed: <flakyFailure>, no <failure>.
            for name in ["failsOnce()", "flakySnapshotCell()", "testFailsOnce", "oneCaseFailsOnce(number:) (2)"] {
                let element = try #require(Self.testCase(name, in: junit), "\(name) is in the JUnit")
                #expect(Self.count("<flakyFailure ", in: element) == 1, "\(name): \(element)")
                #expect(!element.contains("<failure "), "\(name)")
            }
            // Never passed: its first failure and a <rerunFailure> for each rerun.
            for name in ["alwaysFails()", "missingReference()"] {
                let element = try #require(Self.testCase(name, in: junit))
                #expect(Self.count("<failure ", in: element) == 1, "\(name)")
                #expect(Self.count("<rerunFailure ", in: element) == 2, "\(name): \(element)")
            }
            // The missing reference: recorded by the first attempt (outside CI, as without retries),
            // refused by both reruns, which recorded nothing.
            let missing = try #require(Self.testCase("missingReference()", in: junit))
            #expect(missing.contains("no reference was found, so it was recorded"))
            #expect(Self.count(
                "<rerunFailure message=\"Missing/Tiny/plain.light_en (Tiny · light · en) missing: no reference at", in: missing) == 2)
            #expect(Self.count("an earlier attempt of this run recorded it, and a rerun does not accept a reference recorded in the same run", in: missing) == 4,
                    "each rerun's failure says why, in its message and its stack trace")
            let suites = try await SurefireSchema.validate(junit, in: folder)
            #expect(suites.suites == 2)
            #expect(suites.problems.isEmpty, "\(suites.problems)")

            let markdown = try String(contentsOfFile: folder.path("out/spec.md"), encoding: .utf8)
            #expect(markdown.contains("the whole parameterised test ran again (Swift Testing cannot run one argument again)"))
            #expect(markdown.contains("- 🔁 RetryFixtureTests › failsOnce() — failed on attempt 1, passed on attempt 2"))
            #expect(markdown.contains("flipped in 1 of 1 run (100 %)"))

            let history = try HistoryFile.runs(folder.path("history/history.jsonl"))
            #expect(history.count == 1)
            let record = try #require(history.first)
            #expect((record["commit"] as? String)?.count == 40, "the checkout's commit")
            let tests = try #require(record["tests"] as? [[String: Any]])
            let outcomes = Dictionary(uniqueKeysWithValues: tests.compactMap { test in
                (test["id"] as? String).map { (String($0.split(separator: "/")[1]), test["outcome"] as? String ?? "") }
            })
            #expect(outcomes == [
                "failsOnce()": "flaky", "alwaysFails()": "failed", "oneCaseFailsOnce(number:)": "flaky", "flakySnapshotCell()": "flaky",
                "missingReference()": "failed", "testFailsOnce": "flaky",
            ])
        }

        @Test("quarantined failing tests leave the run green and are shown as quarantined in the three renderings; an entry that matches nothing is a warning")
        func quarantine() async throws {
            let list = folder.path("quarantine.json")
            try Data("""
                {"version": 1, "tests": [
                  {"id": "RetryFixtureTests.RetryFixtureTests/alwaysFails()", "reason": "fails on purpose", "since": "2026-11-27"},
                  {"id": "RetryFixtureTests.RetryFixtureTests/missingReference()", "reason": "its reference is to be reviewed"},
                  {"id": "RetryFixtureTests.Gone/removedLongAgo()", "reason": "deleted"}
                ]}
                """.utf8).write(to: URL(fileURLWithPath: list))
            let run = try await spec(["--retries", "1", "--quarantine", list, "--output", folder.path("out")], fixture: "quarantine")
            #expect(run.status == 0, "only quarantined tests failed: \(run.stdout) \(run.stderr)")
            #expect(run.stdout.contains("2 failed (2 quarantined)"))
            #expect(run.stderr.contains("warning: \(list): RetryFixtureTests.Gone/removedLongAgo() is quarantined but matches no test of this run"))

            let markdown = try String(contentsOfFile: folder.path("out/spec.md"), encoding: .utf8)
            #expect(markdown.contains("## Quarantined"))
            #expect(markdown.contains("- 🧊 ❌ RetryFixtureTests › alwaysFails() — quarantined since 2026-11-27: fails on purpose"))
            #expect(!markdown.contains("## Failures"))
            let html = try String(contentsOfFile: folder.path("out/spec.html"), encoding: .utf8)
            #expect(html.contains("<section class=\"quarantined\"><h2>Quarantined</h2>"))
            #expect(html.contains("<span class=\"quarantine\" title=\"quarantined since 2026-11-27: fails on purpose\">quarantined</span>"))
            let junit = try String(contentsOfFile: folder.path("out/junit.xml"), encoding: .utf8)
            let element = try #require(Self.testCase("alwaysFails()", in: junit))
            #expect(element.contains("<skipped message=\"quarantined since 2026-11-27: fails on purpose; it failed: fails on every attempt\">"))
            #expect(!element.contains("<failure "))
            #expect(junit.contains("failures=\"0\""))
            let suites = try await SurefireSchema.validate(junit, in: folder)
            #expect(suites.problems.isEmpty, "\(suites.problems)")
        }

        @Test("--retries outside 0…10, with a finished run, or a broken quarantine list: exit 2 with the reason, before any test runs", arguments: [
            (["--retries=-1"], "--retries -1: give a number from 0 to 10"),
            (["--retries", "11"], "--retries 11: give a number from 0 to 10"),
            (["--retries", "1", "--event-stream", "events.jsonl"], "--retries runs failed tests again; it cannot be used with --event-stream"),
        ])
        func badRetries(arguments: [String], message: String) async throws {
            let run = try await CLI.run(["spec"] + arguments + ["--output", folder.path("out")])
            #expect(run.status == 2)
            #expect(run.stderr.contains(message), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
        }

        @Test("pyramid demo checks --retries the same way, before it builds anything")
        func demoRetries() async throws {
            let run = try await CLI.run(["demo", "--retries", "11", "--output", folder.path("demo")])
            #expect(run.status == 2)
            #expect(run.stderr.contains("--retries 11: give a number from 0 to 10"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("demo")))
        }

        @Test("through one pipe, as a CI log gets it, each progress line comes when it is printed: a rerun's line before the warnings written after the reruns")
        func progressInOrderThroughAPipe() async throws {
            let list = folder.path("unmatched.json")
            try Data(#"{"version": 1, "tests": [{"id": "Nowhere.Nothing/gone()", "reason": "a test since deleted"}]}"#.utf8)
                .write(to: URL(fileURLWithPath: list))
            try FileManager.default.createDirectory(atPath: folder.path("piped"), withIntermediateDirectories: true)
            // Standard output and standard error into one pipe, as CI services collect them.
            let command = ([CLI.executable.path, "spec", "--package-path", Self.packageRoot, "--filter", "RetryFixture", "--retries", "1",
                            "--quarantine", list, "--output", folder.path("out-piped"), "--", "--skip-build", "--ignore-lock"]
                .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")) + " 2>&1"
            let run = try await CLI.runProcess(
                URL(fileURLWithPath: "/bin/sh"), ["-c", command],
                environment: ["PYRAMID_RETRY_FIXTURE": folder.path("piped"), "CI": "", "SNAPSHOT_ARTIFACTS": folder.path("piped-artifacts")])
            #expect(run.status == 1, "two fixture tests never pass")
            let rerun = try #require(run.stdout.range(of: "rerun 1 of 1: 6 failed tests again"), "\(run.stdout.suffix(3_000))")
            let warning = try #require(run.stdout.range(of: "warning: \(list): Nowhere.Nothing/gone() is quarantined but matches no test"))
            let summary = try #require(run.stdout.range(of: "Living spec: 6 tests"))
            #expect(rerun.lowerBound < warning.lowerBound, "the rerun's line was written before the warning, and reaches the pipe first")
            #expect(warning.lowerBound < summary.lowerBound)
        }

        @Test("a quarantine list that is not one: exit 2 naming the file and what is wrong, before any test runs")
        func badQuarantine() async throws {
            let list = folder.path("quarantine.json")
            try Data(#"{"version": 1, "tests": [{"id": "A.B/c()", "reason": " "}]}"#.utf8).write(to: URL(fileURLWithPath: list))
            let run = try await CLI.run(["spec", "--package-path", folder.path("no-package"), "--quarantine", list, "--output", folder.path("out")])
            #expect(run.status == 2)
            #expect(run.stderr.contains("\(list): tests[0] (A.B/c()) has no reason: say why it is quarantined"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
        }
    }
}
