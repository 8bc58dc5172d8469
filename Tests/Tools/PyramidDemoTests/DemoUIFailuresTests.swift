import Foundation
@testable import PyramidDemo
import PyramidTestSupport
import Testing
import UITrace
import VisualTestingCore

/// The failed UI tests the gallery shows, read from the traces a run kept.
@Suite("pyramid demo: failed UI tests for the gallery")
struct DemoUIFailuresTests {
    /// Writes a trace for `test` in `folder/name`: a launch and a tap, the tap failing with
    /// `error` when there is one; with `page`, the trace's page too.
    static func writeTrace(_ name: String, test: String, error: String?, page: Bool, in folder: TemporaryFolder) throws -> String {
        let trace = folder.path(name)
        try FileManager.default.createDirectory(atPath: trace + "/resources", withIntermediateDirectories: true)
        let events = [
            UITraceEvent(index: 1, kind: .launch, call: "launch()", target: nil, file: nil, line: nil, start: 0, duration: 0.4,
                         error: nil, before: nil, after: "launched.png", source: nil),
            UITraceEvent(index: 2, kind: .action, call: "tap()", target: #"app.buttons["login_button"]"#, file: "ShopUITests/LoginPage.swift",
                         line: 31, start: 0.5, duration: 0.05, error: error, before: "launched.png", after: "tapped.png", source: nil),
        ]
        let encoder = JSONEncoder()
        var text = String(decoding: try encoder.encode(UITraceHeader(test: test, started: 1_800_000_000)), as: UTF8.self) + "\n"
        for event in events { text += String(decoding: try encoder.encode(event), as: UTF8.self) + "\n" }
        try text.write(toFile: trace + "/trace.jsonl", atomically: true, encoding: .utf8)
        if page { _ = try UITraceViewer.write(folder: trace) }
        return trace
    }

    @Test("each failed test's trace gives its failed step's screen and its page; passing tests' traces are left out; a damaged one is a warning")
    func failures() throws {
        let folder = TemporaryFolder("pyramid-demo-ui-failures", create: true)
        let thrown = try Self.writeTrace("a", test: "Shop.LoginTests/thrown()", error: "no element matches app.buttons[\"login_button\"]", page: true, in: folder)
        // Failed by an expectation after its last step: the page is written for it.
        let expected = try Self.writeTrace("b", test: "Shop.LoginTests/expected()", error: nil, page: false, in: folder)
        _ = try Self.writeTrace("c", test: "Shop.LoginTests/passed()", error: nil, page: false, in: folder)
        try FileManager.default.createDirectory(atPath: folder.path("d"), withIntermediateDirectories: true)
        try "not a trace\n".write(toFile: folder.path("d/trace.jsonl"), atomically: true, encoding: .utf8)

        let read = DemoUIFailures.read(traces: folder.path, failed: ["Shop.LoginTests/thrown()", "Shop.LoginTests/expected()"])
        #expect(read.failures.map(\.test) == ["Shop.LoginTests/thrown()", "Shop.LoginTests/expected()"])
        let first = try #require(read.failures.first)
        #expect(first.step == 2 && first.call == #"tap() on app.buttons["login_button"]"#)
        #expect(first.error == "no element matches app.buttons[\"login_button\"]")
        #expect(first.screen == thrown + "/resources/tapped.png" && first.trace == thrown + "/index.html")
        let second = try #require(read.failures.last)
        #expect(second.step == 2 && second.error == "the test failed after this step")
        #expect(second.trace == expected + "/index.html" && FileManager.default.fileExists(atPath: second.trace), "its page was written")
        #expect(!FileManager.default.fileExists(atPath: folder.path("c/index.html")), "a passing test's trace is not touched")
        #expect(read.warnings == ["the UI trace \(folder.path("d/trace.jsonl")) cannot be read: line 1 is not a UI trace's header"])
    }

    @Test("no trace kept, or no UI test failed: nothing, and nothing to warn about")
    func nothing() throws {
        let folder = TemporaryFolder("pyramid-demo-ui-failures-none", create: true)
        _ = try Self.writeTrace("a", test: "Shop.LoginTests/thrown()", error: "failed", page: true, in: folder)
        let missing = DemoUIFailures.read(traces: folder.path("absent"), failed: ["Shop.LoginTests/thrown()"])
        #expect(missing.failures.isEmpty && missing.warnings.isEmpty)
        let passed = DemoUIFailures.read(traces: folder.path, failed: [])
        #expect(passed.failures.isEmpty && passed.warnings.isEmpty)
    }
}
