@testable import SpecRunning
@testable import LivingSpec
import Testing

@Suite("SwiftPM's progress lines")
struct SwiftBuildProgressTests {
    @Test("[n/m] lines give the steps and what the step does, without its files; other lines give nothing")
    func parse() {
        #expect(SwiftBuildProgress.parse("[312/1004] Compiling SwiftSyntax Trivia.swift, Tokens.swift")
            == SwiftBuildProgress(done: 312, total: 1004, step: "Compiling SwiftSyntax"))
        #expect(SwiftBuildProgress.parse("[7/9] Compiling ShopCore") == SwiftBuildProgress(done: 7, total: 9, step: "Compiling ShopCore"))
        #expect(SwiftBuildProgress.parse("[664/665] Linking swift-pyramid-examplesPackageTests.xctest")
            == SwiftBuildProgress(done: 664, total: 665, step: "Linking swift-pyramid-examplesPackageTests.xctest"))
        #expect(SwiftBuildProgress.parse("[0/1] Planning build") == SwiftBuildProgress(done: 0, total: 1, step: "Planning build"))
        #expect(SwiftBuildProgress.parse("[12/40] Compiling ShopCore")?.description == "12/40 steps, Compiling ShopCore")
        for other in ["Build complete! (12.3s)", "Building for debugging...", "[a/b] Compiling X", "[3/2] Compiling X", "[1/2]", "[1/2]   ",
                      "/tmp/x.swift:1:1: warning: unused", "[1-2] Compiling X", ""] {
            #expect(SwiftBuildProgress.parse(other) == nil, "\(other)")
        }
        let long = SwiftBuildProgress.parse("[1/2] Wrapping AST for " + String(repeating: "A", count: 200) + " for debugging")
        #expect(long?.step.count == 80 && long?.step.hasSuffix("…") == true)
    }

    @Test("a test's end in Swift Testing's output is counted once, a parameterized test's too; starts, issues and suites are not")
    func testEnds() {
        let lines = [
            "◇ Test \"login\" started.",
            "✔ Test \"login\" passed after 0.120 seconds.",
            "✘ Test \"logout\" recorded an issue at A.swift:3:5: Expectation failed",
            "✘ Test \"logout\" failed after 1.000 seconds with 1 issue.",
            "✔ Test \"cases\" with 3 test cases passed after 0.300 seconds.",
            "✔ Suite \"Login\" passed after 2.000 seconds.",
            "◇ Test case passing 1 argument x → 1 to cases started.",
        ]
        #expect(lines.filter(LevelRuns.endsATest).count == 3)
    }
}
