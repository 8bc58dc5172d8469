import Foundation
import PyramidTestSupport
import Testing
import VisualTesting
@_spi(PyramidTools) import VisualTestingCore

@Suite("pyramid report")
struct ReportCommandTests {
    let folder: TemporaryFolder

    init() throws {
        folder = TemporaryFolder("pyramid-cli", create: true)
    }

    func result(_ state: String, _ outcome: SnapshotOutcome) -> SnapshotResult {
        SnapshotResult(
            name: "Login", type: .view, state: state, cell: SnapshotCellIdentity(device: "iPhone16", theme: "dark", locale: "ja", dynamicType: nil),
            file: "iPhone16/\(state).dark_ja.png", reference: "/s/Login/iPhone16/\(state).dark_ja.png", outcome: outcome,
            message: outcome == .passed ? nil : "12 pixels differ", comparison: nil,
            artifacts: outcome == .failed ? SnapshotArtifactPaths(actual: "/a/\(state).actual.png", diff: "/a/\(state).diff.png") : nil,
            source: "LoginTests.swift:10", recordMode: "missing", time: "2026-11-21T10:00:00Z")
    }

    @Test("sums up, lists failures with their artifacts, exits 1")
    func failures() async throws {
        let path = folder.path("report.jsonl")
        try RunReport.append([result("empty", .passed), result("error", .failed)], to: path)
        let run = try await CLI.run(["report", path])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("2 checked: 1 passed, 1 failed"))
        #expect(run.stdout.contains("failed: Login/iPhone16/error.dark_ja: 12 pixels differ"))
        #expect(run.stdout.contains("  diff: /a/error.diff.png"))
    }

    @Test("exits 0 when every cell passed, and --json prints the report")
    func passing() async throws {
        let path = folder.path("report.jsonl")
        try RunReport.append([result("empty", .passed)], to: path)
        let run = try await CLI.run(["report", path, "--json"])
        #expect(run.status == 0)
        let report = try JSONDecoder().decode(RunReport.self, from: Data(run.stdout.utf8))
        #expect(report.results.map(\.state) == ["empty"])
    }

    @Test("a missing report is an error naming it; a malformed line is a warning with its number")
    func badInput() async throws {
        let missing = try await CLI.run(["report", folder.path("none.jsonl")])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains(folder.path("none.jsonl")))

        let path = folder.path("report.jsonl")
        try RunReport.append([result("empty", .passed)], to: path)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("garbage\n".utf8))
        try handle.close()
        let run = try await CLI.run(["report", path])
        #expect(run.status == 0)
        #expect(run.stderr.contains("\(path):2: not a snapshot result"))
    }
}
