import Foundation
import Testing

/// Every golden compiles together with its input through SIL diagnostics (where Swift
/// checks data races), with no error and no warning, in
/// Swift 6 language mode (complete strict concurrency) and in Swift 5 mode; fixtures
/// with a `Program.swift` also build and run it, so the mocks behave as well as compile.
@Suite("Generated mocks compile")
struct CompileTests {
    /// Fixtures whose input is broken on purpose; their output is checked for syntax only.
    static let compilable = GoldenFixture.all.filter { $0.name != "BadInput" }

    @Test("Swift 6 language mode, warnings as errors", arguments: compilable)
    func swift6(_ fixture: GoldenFixture) async throws {
        try await typecheck(fixture, mode: "6")
    }

    @Test("Swift 5 language mode, warnings as errors", arguments: compilable)
    func swift5(_ fixture: GoldenFixture) async throws {
        try await typecheck(fixture, mode: "5")
    }

    func typecheck(_ fixture: GoldenFixture, mode: String) async throws {
        let outcome = try await Swiftc.run(
            ["-wmo", "-emit-sil", "-o", "/dev/null", "-swift-version", mode, "-warnings-as-errors"] + fixture.inputs + [fixture.expectedPath])
        #expect(outcome.status == 0 && outcome.output.isEmpty, "\(fixture.name), Swift \(mode):\n\(outcome.output)")
    }

    @Test("programs using the mocks run and pass their checks", arguments: GoldenFixture.all.filter { $0.programPath != nil })
    func programRuns(_ fixture: GoldenFixture) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pyramid-program-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let executable = directory.appendingPathComponent("program").path
        let build = try await Swiftc.run(
            ["-parse-as-library", "-swift-version", "6", "-warnings-as-errors", "-o", executable] + fixture.inputs
                + [fixture.expectedPath, fixture.programPath!])
        try #require(build.status == 0, "\(fixture.name): the program does not build:\n\(build.output)")
        let run = try await Swiftc.execute(executable)
        #expect(run.status == 0, "\(fixture.name): the program failed:\n\(run.output)")
        #expect(run.output.contains("all checks passed"), "\(fixture.name): \(run.output)")
    }
}
