import Foundation
@testable import PyramidIO
import Testing

@Suite("TerminalColour")
struct TerminalColourTests {
    @Test("colour only on a terminal, and NO_COLOR with any value but the empty one turns it off (no-color.org)")
    func allowed() {
        #expect(TerminalColour.allowed(isTerminal: true, environment: [:]))
        #expect(TerminalColour.allowed(isTerminal: true, environment: ["NO_COLOR": ""]))
        #expect(!TerminalColour.allowed(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(!TerminalColour.allowed(isTerminal: true, environment: ["NO_COLOR": "false"]))
        #expect(!TerminalColour.allowed(isTerminal: false, environment: [:]))
        #expect(!TerminalColour.allowed(isTerminal: false, environment: ["TERM": "xterm-256color"]))
    }

    @Test("a child whose output may not be coloured gets NO_COLOR=1, the rest of its environment kept")
    func childEnvironment() {
        let environment = ["TERM": "xterm", "PATH": "/usr/bin"]
        #expect(TerminalColour.childEnvironment(environment, allowed: false) == ["TERM": "xterm", "PATH": "/usr/bin", "NO_COLOR": "1"])
        #expect(TerminalColour.childEnvironment(environment, allowed: true) == environment)
    }
}
