import CodeCoverage
import Foundation
import PyramidTestSupport
import Testing

/// `pyramid spec --coverage`: the coverage fixture's tests run a level at a time, each level's
/// coverage printed, and the CI files written.
@Suite("pyramid spec --coverage", .timeLimit(.minutes(10)))
struct CoverageCommandTests {
    let folder = TemporaryFolder("pyramid-coverage", create: true)

    @Test("each level's line and region coverage is printed with the total and what the UI level adds (regions as llvm-cov report prints them, lines as its LCOV lists them, for the run's own profiles); every file written is named; LCOV, Cobertura and the spec count the same lines")
    func specWithCoverage() async throws {
        let output = folder.path("spec")
        let run = try await CoverageFixture.exclusively {
            // TERM names a terminal and NO_COLOR is empty, as in a terminal's shell; the output still goes into pipes.
            try await CLI.run(
                ["spec", "--coverage", "--package-path", CoverageFixture.folder, "--output", output, "--history", folder.path("history"), "--", "--ignore-lock"],
                environment: ["TERM": "xterm-256color", "NO_COLOR": ""])
        }
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // Captured through pipes: plain text, no colour codes from the tests' output.
        #expect(!run.stderr.contains("\u{1B}["), "\(run.stderr)")
        #expect(!run.stdout.contains("\u{1B}["), "\(run.stdout)")
        #expect(run.stdout.contains("Unit tests (1), with coverage…") && run.stdout.contains("UI tests (1), with coverage…"), "\(run.stdout)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("Coverage of the code under test") })
        #expect(lines[header + 1].hasPrefix("  Unit ") && lines[header + 2].hasPrefix("  UI ") && lines[header + 3].hasPrefix("  Total "))
        #expect(lines.contains { $0.hasPrefix("UI adds ") && $0.contains("main.swift") && $0.contains("Greeting.swift") }, "\(run.stdout)")
        // The history's record keeps each level's coverage, as printed.
        let record = try #require(try HistoryFile.runs(folder.path("history/history.jsonl")).first)
        let levels = try #require(record["levels"] as? [String: [String: Double]], "\(record)")
        for (offset, level) in ["unit", "ui"].enumerated() {
            let printed = lines[header + 1 + offset].split(separator: " ").filter { $0.hasSuffix("%") == false && Double($0) != nil }.map { Double($0)! }
            let kept = try #require(levels[level], "\(levels)")
            #expect(printed.count == 2, "\(lines[header + 1 + offset])")
            #expect(String(format: "%.2f", kept["lines"] ?? -1) == String(format: "%.2f", printed.first ?? -2), "\(level): \(kept) against \(printed)")
            #expect(String(format: "%.2f", kept["regions"] ?? -1) == String(format: "%.2f", printed.last ?? -2), "\(level): \(kept) against \(printed)")
        }
        for name in ["coverage.lcov", "cobertura.xml", "coverage-unit.lcov", "coverage-ui.lcov", "cobertura-unit.xml", "cobertura-ui.xml"] {
            #expect(FileManager.default.fileExists(atPath: output + "/coverage/" + name), "\(name)")
        }
        let lcov = try String(contentsOfFile: output + "/coverage/coverage.lcov", encoding: .utf8)
        #expect(lcov.contains("SF:\(CoverageFixture.sources)/Greeting/Greeting.swift") && !lcov.contains("/Tests/"))

        // Each row, as printed, for the run's own merged profile of that level (and of the whole
        // run) and the same binaries: its regions are what `llvm-cov report` prints as TOTAL; its
        // lines are the share of the lines `llvm-cov export -format=lcov` lists that ran.
        let tools = try CoverageTools.locate()
        for (offset, profile) in ["unit", "ui", "total"].enumerated() {
            let row = lines[header + 1 + offset].split(separator: " ").map(String.init)
            let shown = row.indices.filter { row[$0] == "%" }.map { row[$0 - 1] + " %" }
            try #require(shown.count == 2, "\(row)")
            let common = [
                "-instr-profile=\(output)/run/profiles/\(profile).profdata", CoverageFixture.binaries[0],
                "-object=\(CoverageFixture.binaries[1])", CoverageFixture.sources,
            ]
            let report = try await Program.run(URL(fileURLWithPath: tools.cov), ["report"] + common)
            try #require(report.status == 0, "\(report.stderr)")
            // TOTAL  regions  missed  cover  functions  missed  executed  lines  missed  cover  …
            let total = try #require(report.stdout.split(separator: "\n").first { $0.hasPrefix("TOTAL") })
            let columns = total.split(separator: " ").dropFirst().map(String.init)
            #expect(shown[1] == columns[2].replacingOccurrences(of: "%", with: " %"), "\(profile): printed \(shown[1]) regions, llvm-cov report \(columns[2])")
            let lcov = try await Program.run(URL(fileURLWithPath: tools.cov), ["export", "-format=lcov"] + common)
            try #require(lcov.status == 0, "\(lcov.stderr)")
            let records = lcov.stdout.split(separator: "\n").filter { $0.hasPrefix("DA:") }
            let ran = records.filter { !$0.hasSuffix(",0") }.count
            #expect(shown[0] == String(format: "%.2f %%", Double(ran) / Double(records.count) * 100), "\(profile): printed \(shown[0]) lines, \(ran) of \(records.count) listed")
        }
        // Every file written is named: the spec's, each source page, and the CI files.
        for name in ["spec.md", "spec.html", "junit.xml", "coverage/Sources_Greeting_Greeting.swift.html", "coverage/coverage.lcov", "coverage/cobertura.xml",
                     "coverage/coverage-unit.lcov", "coverage/cobertura-ui.xml"] {
            #expect(lines.contains("wrote \(output)/\(name)"), "\(name): \(run.stdout)")
        }
        // One count of lines: the spec's, the LCOV's and Cobertura's for the whole run.
        let totalRow = lines[header + 3].split(separator: " ").map(String.init)
        let lcovTotals = lcov.split(separator: "\n").filter { $0.hasPrefix("LF:") || $0.hasPrefix("LH:") }.map { Int($0.dropFirst(3))! }
        let found = stride(from: 0, to: lcovTotals.count, by: 2).reduce(0) { $0 + lcovTotals[$1] }
        let hit = stride(from: 1, to: lcovTotals.count, by: 2).reduce(0) { $0 + lcovTotals[$1] }
        let cobertura = try String(contentsOfFile: output + "/coverage/cobertura.xml", encoding: .utf8)
        #expect(cobertura.contains("lines-covered=\"\(hit)\" lines-valid=\"\(found)\""), "LCOV says \(hit) of \(found)")
        #expect(totalRow.contains(String(format: "%.2f", Double(hit) / Double(found) * 100)), "\(totalRow)")
        let junit = try String(contentsOfFile: output + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("<property name=\"coverage.total.lines\" value=\"\(String(format: "%.2f", Double(hit) / Double(found) * 100))\"/>"))
    }

    @Test("two shards with coverage, merged: each level's coverage from their raw profiles joined, the one run's; without the package's build, the merge says so")
    func shardsWithCoverage() async throws {
        let (whole, merged, elsewhere) = try await CoverageFixture.exclusively { () -> (CLI.Run, CLI.Run, CLI.Run) in
            let whole = try await CLI.run(["spec", "--coverage", "--package-path", CoverageFixture.folder, "--output", folder.path("whole"), "--", "--ignore-lock"])
            for index in 1...2 {
                let shard = try await CLI.run([
                    "spec", "--coverage", "--shard", "\(index)/2", "--package-path", CoverageFixture.folder, "--output", folder.path("shard\(index)"),
                    "--", "--ignore-lock",
                ])
                #expect(shard.status == 0, "\(shard.stdout)\(shard.stderr)")
            }
            let merged = try await CLI.run([
                "merge", folder.path("shard1"), folder.path("shard2"), "--package-path", CoverageFixture.folder, "-o", folder.path("merged"),
            ])
            // A package whose build is not there (the fixture's sources, unbuilt): nothing measured, and said.
            let unbuilt = folder.path("unbuilt")
            try FileManager.default.createDirectory(atPath: unbuilt, withIntermediateDirectories: true)
            try Data("// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Unbuilt\")\n".utf8)
                .write(to: URL(fileURLWithPath: unbuilt + "/Package.swift"))
            let elsewhere = try await CLI.run([
                "merge", folder.path("shard1"), folder.path("shard2"), "--package-path", unbuilt, "-o", folder.path("elsewhere"),
            ])
            return (whole, merged, elsewhere)
        }
        #expect(whole.status == 0 && merged.status == 0, "\(whole.stderr)\n\(merged.stdout)\(merged.stderr)")
        func table(_ spec: String) throws -> String {
            let text = try String(contentsOfFile: spec, encoding: .utf8)
            guard let start = text.range(of: "## Coverage per level") else { return "" }
            let section = text[start.lowerBound...]
            guard let next = section.dropFirst(3).range(of: "\n## ") else { return String(section) }
            return String(section[..<next.lowerBound])
        }
        let wholeTable = try table(folder.path("whole/spec.md"))
        #expect(wholeTable.contains("Unit") && wholeTable.contains("UI"), "\(wholeTable)")
        #expect(try table(folder.path("merged/spec.md")) == wholeTable)
        #expect(merged.stdout.contains("Coverage of the code under test") && !merged.stdout.contains("coverage not merged"), "\(merged.stdout)")
        #expect(elsewhere.stdout.contains("warning: coverage not merged: "), "\(elsewhere.stdout)\(elsewhere.stderr)")
        #expect(try table(folder.path("elsewhere/spec.md")).isEmpty)
    }

    @Test("coverage options that cannot work are refused before anything runs", arguments: [
        (["--coverage", "--event-stream", "x.jsonl"], "--coverage runs the tests with coverage; it cannot be used with --event-stream"),
        (["--coverage-target", "Greeting"], "--coverage-target chooses what --coverage measures; give --coverage too"),
    ])
    func refused(arguments: [String], message: String) async throws {
        let run = try await CLI.run(["spec"] + arguments + ["--output", folder.path("no")])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("no")))
    }

    @Test("a coverage target the package does not have is named with the ones it has; missing tools are named with where they were looked for")
    func badTargetAndMissingTools() async throws {
        let run = try await CoverageFixture.exclusively {
            try await CLI.run([
                "spec", "--coverage", "--coverage-target", "Nope", "--package-path", CoverageFixture.folder, "--output", folder.path("t"), "--", "--ignore-lock",
            ])
        }
        #expect(run.status != 0)
        #expect(run.stderr.contains("--coverage-target Nope: not a library or executable target of the package (its targets: "), "\(run.stderr)")
        let empty = folder.path("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let missing = try await CLI.run(
            ["spec", "--coverage", "--package-path", CoverageFixture.folder, "--output", folder.path("m")], environment: ["PYRAMID_LLVM_BIN": empty])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("llvm-profdata was not found (looked in \(empty) (PYRAMID_LLVM_BIN))"), "\(missing.stderr)")
        #expect(!missing.stdout.contains("with coverage…"), "nothing ran")
        #expect(!run.stdout.contains("with coverage…"), "a bad target is refused before the tests run")
    }
}
