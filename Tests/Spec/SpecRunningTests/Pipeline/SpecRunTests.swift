@testable import SpecRunning
import Foundation
@testable import LivingSpec
import PyramidIO
import PyramidTestSupport
import Testing
import TestEventStream

/// The spec pipeline's steps on a recorded run: read, follow up, write, in that order, and a
/// failure named by its step.
@Suite("The spec pipeline")
struct SpecRunTests {
    let folder = TemporaryFolder("spec-run", create: true)

    func pipeline(
        stream: String = SampleStream.eventStream, quarantine: (list: QuarantineList, path: String)? = nil, history: String? = nil,
        destinations: SpecDocument.Destinations? = nil
    ) -> SpecRun {
        SpecRun(
            source: .eventStream(stream, console: nil, testList: nil), title: "登録機能",
            followUp: RunFollowUp(retries: .none, quarantine: quarantine, history: history.map(TestHistory.init(folder:)), checkout: folder.path),
            destinations: destinations ?? .folder(folder.path("out")), attachments: SampleStream.attachments)
    }

    @Test("a recorded run is read, followed up (quarantine, history) and written: three files, the quarantined failure no longer blocks")
    func readFollowUpWrite() throws {
        let failed = try SampleStream.run().failedTests
        try #require(failed.count == 3)
        let quarantine = QuarantineList(tests: [.init(id: failed[0].id, reason: "flaky on CI")])
        let events = EventLog()
        let outcome = try pipeline(quarantine: (quarantine, "quarantine.json"), history: folder.path("history")).run { events.add($0) }

        #expect(outcome.written == [folder.path("out/spec.md"), folder.path("out/spec.html"), folder.path("out/junit.xml")])
        #expect(outcome.written.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        let counts = outcome.document.run.counts
        #expect(counts[.failed] == 3 && counts.blockingFailures == 2, "the quarantined failure is reported and does not block")
        #expect(outcome.document.history != nil && FileManager.default.fileExists(atPath: folder.path("history/history.jsonl")))
        #expect(outcome.warnings.isEmpty, "\(outcome.warnings)")
        #expect(outcome.report.lines.first?.hasPrefix("Test pyramid: ") == true)
        #expect(outcome.status == 0 && !outcome.unexplainedFailure && outcome.buildSeconds == nil)
        #expect(events.all.isEmpty, "a run read from files has no build, test or rerun step: \(events.all)")
        // The Markdown written is the document returned.
        #expect(try String(contentsOfFile: folder.path("out/spec.md"), encoding: .utf8) == outcome.document.markdown)
    }

    @Test("a step that fails is named: a missing stream at read, a history that is a file at follow up, an unwritable folder at write")
    func failuresNameTheirStep() throws {
        let missing = #expect(throws: SpecRun.Failure.self) { try pipeline(stream: folder.path("none.jsonl")).run() }
        #expect(missing?.step == .read)
        #expect(missing?.description.contains("none.jsonl") == true, "\(String(describing: missing))")

        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: folder.path("history-file")))
        let history = #expect(throws: SpecRun.Failure.self) { try pipeline(history: folder.path("history-file")).run() }
        #expect(history?.step == .followUp, "\(String(describing: history))")

        let unwritable = #expect(throws: SpecRun.Failure.self) {
            try pipeline(destinations: .folder(folder.path("history-file/out"))).run()
        }
        #expect(unwritable?.step == .write, "\(String(describing: unwritable))")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")), "nothing was written elsewhere")
    }

    @Test("a run recorded with its reruns reads as one run with attempts, and a partial run says so")
    func recordedReruns() throws {
        // The recorded run again, as its own rerun: every failed test gets a second attempt.
        let rerun = folder.path("rerun-1")
        try FileManager.default.createDirectory(atPath: rerun, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: SampleStream.eventStream, toPath: rerun + "/events.jsonl")
        var once = pipeline()
        once.isPartialRun = true
        var twice = once
        twice.recordedReruns = [rerun]
        let single = try once.run().document, merged = try twice.run().document
        #expect(single.isPartialRun && merged.isPartialRun)
        let failed = single.run.failedTests.map(\.id)
        try #require(!failed.isEmpty)
        for id in failed {
            let test = try #require(merged.run.tests.first { $0.id == id })
            #expect(test.cases.contains { $0.attemptCount == 2 }, "\(id) ran twice")
        }
    }
    @Test("with outputAsEvents, the tests' output lines become the pipeline's own testOutput events, in order")
    func testOutputAsEvents() throws {
        // A stand-in `swift` on the runner's PATH: `swift test` prints two lines and writes the
        // sample run's stream where it is asked to.
        let bin = folder.path("bin"), package = folder.path("package")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
        try "// swift-tools-version: 6.0\n".write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        try """
            #!/bin/sh
            [ "$1" = test ] || exit 1
            while [ $# -gt 0 ]; do
                if [ "$1" = --event-stream-output-path ]; then cp '\(SampleStream.eventStream)' "$2"; fi
                shift
            done
            echo "stand-in: first line"
            echo "stand-in: second line"
            exit 1
            """.write(toFile: bin + "/swift", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/swift")
        let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let runner = SwiftTestRunner(
            packagePath: package, workFolder: folder.path("work"), environment: ["PATH": path], listsTests: false)
        let events = EventLog()
        let outcome = try SpecRun(
            source: .swiftTest(SpecRun.Tests(runner: runner, outputAsEvents: true)), title: "stand-in",
            followUp: RunFollowUp(retries: .none, quarantine: nil, history: nil, checkout: folder.path),
            destinations: .folder(folder.path("stand-in-out"))
        ).run { events.add($0) }
        let lines = events.all.compactMap { if case .testOutput(let line) = $0 { line } else { nil } }
        #expect(lines == ["stand-in: first line", "stand-in: second line"], "\(events.all)")
        #expect(outcome.status == 1 && outcome.document.run.counts[.failed] == 3)
    }
}

/// The events a run sent, in order.
private final class EventLog: Sendable {
    private let events = Locked<[SpecRun.Event]>([])
    func add(_ event: SpecRun.Event) { events.withValue { $0.append(event) } }
    var all: [SpecRun.Event] { events.value }
}
