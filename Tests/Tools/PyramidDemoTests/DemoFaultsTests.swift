import Foundation
import LivingSpec
import MutationReport
@testable import PyramidDemo
import PyramidIO
import PyramidTestSupport
import SpecRunning
import Testing

/// `pyramid demo --mutants` runs `pyramid-mutants` as a child: its progress heard line by line,
/// its summary not shown, the level table read from the report it wrote; its failure is the
/// demo's, with what it said.
@Suite("pyramid demo --mutants runs pyramid-mutants")
struct DemoFaultsTests {
    /// A report as `pyramid-mutants` writes it: one mutant killed by the unit level, one by
    /// integration only, one survivor, one no test reaches.
    static func writeReport(to folder: String) throws {
        func mutant(_ id: Int) -> Mutant {
            Mutant(id: id, mutationOperator: .relationalBoundary, file: "Sources/A.swift", start: .init(line: id, column: 3), end: .init(line: id, column: 8),
                   original: "a < b", replacement: "a <= b")
        }
        let outcome = MutationOutcome(package: "Examples", levels: [.unit, .integration], verdicts: [
            MutantVerdict(mutant: mutant(1), status: .killed, killedBy: ["T.a()"], coveredBy: ["T.a()"], levels: ["unit": .killed, "integration": .noCoverage]),
            MutantVerdict(mutant: mutant(2), status: .killed, killedBy: ["I.b()"], coveredBy: ["T.a()", "I.b()"], levels: ["unit": .survived, "integration": .killed]),
            MutantVerdict(mutant: mutant(3), status: .survived, coveredBy: ["T.a()"], levels: ["unit": .survived, "integration": .noCoverage]),
            MutantVerdict(mutant: mutant(4), status: .noCoverage, levels: ["unit": .noCoverage, "integration": .noCoverage]),
        ], sources: ["Sources/A.swift": "1\n2\n3\n4\n"], tests: 2)
        try MutationReports.write(outcome, to: folder)
    }

    /// A stand-in `pyramid-mutants` beside a `pyramid` in `folder`: it records its arguments,
    /// says two progress lines on standard error and a summary on standard output, and copies
    /// `report`'s files into its `--output` (or fails with `status` and an `Error:` line).
    static func standIn(in folder: TemporaryFolder, report: String, status: Int32) throws -> SiblingTool {
        let script = """
            #!/bin/sh
            echo "$*" > "\(folder.path("arguments"))"
            echo "Building the copy of the package with its mutants and its tests…" >&2
            echo "  [1/4] Killed       Sources/A.swift:1:3" >&2
            echo "THE SUMMARY"
            if [ \(status) -ne 0 ]; then echo "Error: Examples: the package does not build without mutants" >&2; exit \(status); fi
            while [ "$1" != "--output" ]; do shift; done
            mkdir -p "$2" && cp "\(report)"/* "$2"/
            """
        try script.write(toFile: folder.path("pyramid-mutants"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path("pyramid-mutants"))
        return SiblingTool("pyramid-mutants", beside: folder.path("pyramid"))
    }

    @Test("its arguments name the app, the unit and integration levels, the demo's mutants folder and the shared build; its progress is heard, its summary is not; the table is the report's")
    func measures() async throws {
        let folder = TemporaryFolder("pyramid-demo-faults", create: true)
        try Self.writeReport(to: folder.path("report"))
        let tool = try Self.standIn(in: folder, report: folder.path("report"), status: 0)
        let heard = Locked<[String]>([])
        let faults = try await offThePool {
            try DemoFaults.measure(
                examples: "/checkout/Examples", reports: folder.path("out/mutants"), scratchPath: "/checkout/.build", tool: tool,
                output: { line in heard.withValue { $0.append(line) } })
        }
        #expect(try String(contentsOfFile: folder.path("arguments"), encoding: .utf8)
            == "--package-path /checkout/Examples --level unit --level integration --output \(folder.path("out/mutants")) --scratch-path /checkout/.build\n")
        #expect(heard.value == ["Building the copy of the package with its mutants and its tests…", "  [1/4] Killed       Sources/A.swift:1:3"])
        #expect(faults.judged == 4)
        #expect(faults.rows.map(\.level) == [.unit, .integration, nil])
        #expect(faults.rows.map(\.caught) == [1, 1, 2])
        #expect(faults.rows.map(\.survived) == [2, 0, 1])
        #expect(FileManager.default.fileExists(atPath: folder.path("out/mutants/mutation-report.html")))
    }

    @Test("a tool that fails is the demo's error with what it said; a tool that is missing and cannot be built says how to build it")
    func failures() async throws {
        let folder = TemporaryFolder("pyramid-demo-faults", create: true)
        try Self.writeReport(to: folder.path("report"))
        let tool = try Self.standIn(in: folder, report: folder.path("report"), status: 2)
        let failed = try await offThePool {
            Result { () throws(DemoError) in
                try DemoFaults.measure(examples: "/x/Examples", reports: folder.path("out"), scratchPath: nil, tool: tool, output: { _ in })
            }
        }
        guard case .failure(.mutantsFailed(let reason)) = failed else {
            Issue.record("expected mutantsFailed, got \(failed)")
            return
        }
        #expect(reason.hasSuffix("exited with status 2:\nError: Examples: the package does not build without mutants"), "\(reason)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/mutation-report.json")))

        // Outside any package's products folder: nothing can build it.
        let missing = SiblingTool("pyramid-mutants", beside: folder.path("elsewhere/pyramid"))
        let unbuilt = try await offThePool {
            Result { () throws(DemoError) in
                try DemoFaults.measure(examples: "/x/Examples", reports: folder.path("out"), scratchPath: nil, tool: missing, output: { _ in })
            }
        }
        guard case .failure(.mutantsFailed(let why)) = unbuilt else {
            Issue.record("expected mutantsFailed, got \(unbuilt)")
            return
        }
        #expect(why.contains("pyramid-mutants is not at \(folder.path("elsewhere/pyramid-mutants"))") && why.contains("swift build --product pyramid-mutants"), "\(why)")
    }
}
