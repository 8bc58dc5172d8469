import SpecRunning
import Foundation
import LivingSpec
import PyramidTestSupport
import Testing
import TestEventStream

/// The quarantine file: read strictly, applied by test id, list name or suite.
@Suite("Quarantine list")
struct QuarantineListTests {
    let folder = TemporaryFolder("quarantine", create: true)

    func write(_ text: String) throws -> String {
        let path = folder.path("quarantine.json")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("entries match a test by its full id, its list name, or a suite above it; the others are returned unmatched")
    func matching() throws {
        let path = try write("""
            {"version": 1, "tests": [
              {"id": "CartTests.Cart/checkout()/CartTests.swift:10:6", "reason": "full id"},
              {"id": "CartTests.Cart/total()", "reason": "list name", "since": "2026-11-01"},
              {"id": "CartTests.Cart", "reason": "whole suite"},
              {"id": "CartTests.Gone/old()", "reason": "deleted test"}
            ]}
            """)
        let list = try QuarantineList.read(path)
        var run = JUnitSchemaTests.retriedRun()
        run.modules[0].children[0].children[0].id = "CartTests.Cart/checkout()/CartTests.swift:10:6"
        run.modules[0].children[0].children[1].id = "CartTests.Cart/total()/CartTests.swift:20:6"
        let (marked, unmatched) = list.applied(to: run)
        #expect(marked.tests.map(\.quarantine?.reason) == ["full id", "list name", "whole suite"])
        #expect(marked.tests[1].quarantine?.since == "2026-11-01")
        #expect(unmatched.map(\.id) == ["CartTests.Gone/old()"])
        #expect(marked.counts.blockingFailures == 0)
        #expect(run.counts.blockingFailures == 1)
    }

    @Test("the pyramid counts a quarantined failure apart, with a line of its own, and not among the failures")
    func pyramidLines() throws {
        let list = QuarantineList(tests: [.init(id: "CartTests.Cart/total()", reason: "flaky on CI", since: "2026-11-27")])
        let report = PyramidReport(run: list.applied(to: JUnitSchemaTests.retriedRun()).run)
        #expect(report.failures.isEmpty)
        #expect(report.quarantinedFailures.map(\.path) == ["Cart › total()"])
        #expect(report.lines[0] == "Test pyramid: 2 tests run, 0 failed, 1 failed in quarantine, 1 flaky, 1 skipped")
        #expect(report.lines.contains { $0.hasPrefix("🧊 Unit › Cart › total() [CartTests]: failed, quarantined since 2026-11-27: flaky on CI, so the run does not fail: 1 ≠ 2 & more") })
    }

    @Test("a file that is not a quarantine list: an error naming the file and what is wrong", arguments: [
        ("{\"version\": 1, \"tests\": [", "not a quarantine list (invalid JSON)"),
        ("{\"version\": 2, \"tests\": []}", "version 2 is not one this tool reads (1)"),
        ("{\"version\": 1, \"tests\": [{\"reason\": \"x\"}]}", "tests.0.id is missing"),
        ("{\"version\": 1, \"tests\": [{\"id\": \"A.B/c()\"}]}", "tests.0.reason is missing"),
        ("{\"version\": 1, \"tests\": [{\"id\": \"\", \"reason\": \"x\"}]}", "tests[0] has an empty id"),
        ("[]", "not a quarantine list"),
    ])
    func invalid(text: String, reason: String) throws {
        let path = try write(text)
        #expect {
            _ = try QuarantineList.read(path)
        } throws: { error in
            guard case .invalidQuarantine(let at, let why) = error as? SpecError else { return false }
            return at == path && why.contains(reason)
        }
    }

    @Test("a missing file is an error; the package's standard file is used only when it exists")
    func standardPlace() throws {
        #expect(throws: SpecError.invalidQuarantine(path: folder.path("absent.json"), reason: "does not exist")) {
            _ = try QuarantineList.read(folder.path("absent.json"))
        }
        #expect(try RunFollowUp.quarantine(at: nil, package: folder.path) == nil)
        try FileManager.default.createDirectory(atPath: folder.path(".pyramid"), withIntermediateDirectories: true)
        try Data(#"{"version": 1, "tests": [{"id": "A.B/c()", "reason": "r"}]}"#.utf8).write(to: URL(fileURLWithPath: folder.path(".pyramid/quarantine.json")))
        let found = try #require(try RunFollowUp.quarantine(at: nil, package: folder.path))
        #expect(found.path == folder.path(".pyramid/quarantine.json"))
        #expect(found.list.tests.map(\.id) == ["A.B/c()"])
    }
}
