import Foundation
import PyramidTestSupport
import Testing

/// Every golden compiles together with its input through SIL diagnostics (where Swift
/// checks data races), with no error and no warning, in
/// Swift 6 language mode (complete strict concurrency) and in Swift 5 mode; fixtures
/// with a `Program.swift` also build and run it, so the mocks behave as well as compile.
@Suite("Generated mocks compile")
struct CompileTests {
    /// Every fixture but `BadInput`, whose input is broken on purpose (its output is
    /// checked for syntax only); none is an error.
    static func compilable() throws -> [GoldenFixture] {
        try GoldenFixture.all(where: { $0.name != "BadInput" }, "besides BadInput")
    }

    /// The fixtures with a `Program.swift`; none is an error.
    static func programs() throws -> [GoldenFixture] {
        try GoldenFixture.all(where: { $0.programPath != nil }, "with a Program.swift")
    }

    @Test("Swift 6 language mode, warnings as errors", arguments: try compilable())
    func swift6(_ fixture: GoldenFixture) async throws {
        try await typecheck(fixture, mode: "6")
    }

    @Test("Swift 5 language mode, warnings as errors", arguments: try compilable())
    func swift5(_ fixture: GoldenFixture) async throws {
        try await typecheck(fixture, mode: "5")
    }

    func typecheck(_ fixture: GoldenFixture, mode: String) async throws {
        let outcome = try await Swiftc.run(
            ["-wmo", "-emit-sil", "-o", "/dev/null", "-swift-version", mode, "-warnings-as-errors"] + (try fixture.inputs())
                + (try fixture.supportFiles()) + [fixture.expectedPath])
        #expect(outcome.status == 0 && outcome.output.isEmpty, "\(fixture.name), Swift \(mode):\n\(outcome.output)")
    }

    @Test("programs using the mocks run and pass their checks", arguments: try programs())
    func programRuns(_ fixture: GoldenFixture) async throws {
        let directory = TemporaryFolder("pyramid-program", create: true)
        let executable = directory.path("program")
        let build = try await Swiftc.run(
            ["-parse-as-library", "-swift-version", "6", "-warnings-as-errors", "-o", executable] + (try fixture.inputs())
                + (try fixture.supportFiles()) + [fixture.expectedPath, try #require(fixture.programPath)])
        try #require(build.status == 0, "\(fixture.name): the program does not build:\n\(build.output)")
        let run = try await Swiftc.execute(executable)
        #expect(run.status == 0, "\(fixture.name): the program failed:\n\(run.output)")
        #expect(run.output.contains("all checks passed"), "\(fixture.name): \(run.output)")
    }
}
