import Foundation
@testable import PyramidIO
import Scenario
import Testing

@Suite("A status line")
struct StatusLineTests {
    final class Written: Sendable {
        let text = Locked("")
        func add(_ piece: String) { text.withValue { $0 += piece } }
    }

    @Test("in a log, a plain line every interval while the step runs, with its latest text; nothing once it ended")
    func plainTicks() async throws {
        let written = Written()
        let status = StatusLine(mode: .plain, interval: .milliseconds(100)) { written.add($0) }
        defer { status.close() }
        status.begin("building")
        status.update("building: 3/9 steps, Compiling A")
        await eventually(timeout: .seconds(60)) { written.text.value.components(separatedBy: "\n").count >= 3 }
        let lines = written.text.value.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.hasPrefix("  building: 3/9 steps, Compiling A (") && $0.hasSuffix(" s)") }, "\(lines)")
        #expect(!written.text.value.contains("\r") && !written.text.value.contains("\u{1B}"))
        status.end()
        status.interject("Built.")
        let ended = written.text.value
        #expect(ended.hasSuffix("Built.\n"))
        // Ended: no more ticks, however long one waits (a hundred intervals is far more than one tick needs).
        try await Task.sleep(for: .milliseconds(300))
        #expect(written.text.value == ended)
    }

    @Test("on a terminal, one line rewritten in place; a line said meanwhile goes above it, and the end clears it")
    func terminal() {
        let written = Written()
        let status = StatusLine(mode: .terminal, interval: .seconds(600), refresh: .seconds(600)) { written.add($0) }
        defer { status.close() }
        status.update("not started")
        #expect(written.text.value.isEmpty, "an update with no step writes nothing")
        status.begin("building")
        status.update("building: 1/2 steps, Compiling A")
        status.interject("  ✔ Suite A passed")
        status.end()
        #expect(written.text.value == "\r\u{1B}[2K  building (0 s)" + "\r\u{1B}[2K  building: 1/2 steps, Compiling A (0 s)"
            + "\r\u{1B}[2K  ✔ Suite A passed\n  building: 1/2 steps, Compiling A (0 s)" + "\r\u{1B}[2K")
    }
}
