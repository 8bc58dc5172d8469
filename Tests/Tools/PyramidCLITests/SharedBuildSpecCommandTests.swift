import Foundation
import PyramidTestSupport
import Testing

extension CheckoutBuildTests {
    /// `pyramid spec` on the sample package, which depends on swift-pyramid's Scenario: built in
    /// this checkout's build folder, beside the modules already built (in a folder of its own it
    /// would compile Scenario, OpenCombine and the clocks again: 62 core-seconds, against 8), so
    /// with `--ignore-lock`, since the `swift test` running this holds that folder's lock, and
    /// one at a time with the other runs of SwiftPM there.
    @Suite("pyramid spec on a package built in the checkout's build folder", .serialized)
    struct SharedBuildSpecCommandTests {
        let folder = TemporaryFolder("pyramid-cli", create: true)

        static let checkout = CheckoutBuildTests.checkout

        @Test("a Scenario suite attaches its steps once per test case, and the Written to lines show only with --verbose")
        func quietScenarioRun() async throws {
            let package = SpecCommandTests.fixtures.appendingPathComponent("SamplePackage").path
            let scratch = Self.checkout + "/.build"
            let filter = "RegisterScreen"
            let quiet = try await CLI.run(["spec", "--package-path", package, "--output", folder.path("quiet"), "--filter", filter, "--", "--scratch-path", scratch, "--ignore-lock"])
            #expect(quiet.status == 1, "three cases fail on purpose: \(quiet.stderr.suffix(2_000))")
            let console = try String(contentsOfFile: folder.path("quiet/run/console.txt"), encoding: .utf8).split(separator: "\n")
            let attached = console.filter { $0.contains("Attached 'scenario-step") }
            // Three tests and one test of three cases, every one with steps, under `.scenario`.
            #expect(attached.count == 6, "\(attached)")
            #expect(attached.allSatisfy { $0.contains("Attached 'scenario-steps.json'") }, "one list a test case, not a record a step")
            #expect(console.contains { $0.contains("Written to '") }, "swift test still says where it saved them, in the console file")
            #expect(!quiet.stderr.contains("Written to '"), "but not on the terminal")
            let markdown = try String(contentsOfFile: folder.path("quiet/spec.md"), encoding: .utf8)
            for step in ["  - ✅ Given 個人を選択している", "  - ✅ When 「次へ」をタップする", "  - ✅ Then 登録APIを1回叩く", "  - ❌ When 「次へ」をタップする"] {
                #expect(markdown.contains(step), "\(step) is read back from the step lists")
            }

            let verbose = try await CLI.run([
                "spec", "--package-path", package, "--output", folder.path("verbose"), "--filter", filter, "--verbose",
                "--", "--scratch-path", scratch, "--skip-build", "--ignore-lock",
            ])
            #expect(verbose.stderr.components(separatedBy: "Written to '").count - 1 == 6, "\(verbose.stderr.suffix(2_000))")
        }
    }
}
