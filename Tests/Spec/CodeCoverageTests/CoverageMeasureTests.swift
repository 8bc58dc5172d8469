import CodeCoverage
import Foundation
import PyramidTestSupport
import Testing

/// The coverage engine on a package built with coverage: profiles merged per level, measured by
/// `llvm-cov`, the same totals `llvm-cov report` prints, and what a level adds over another.
@Suite("Coverage measured by the toolchain's tools", .timeLimit(.minutes(10)))
struct CoverageMeasureTests {
    let scratch = TemporaryFolder("coverage", create: true)

    /// The fixture's unit and app-launching tests run with a profile folder each, merged, and measured.
    func measured() async throws -> (unit: CoverageMeasure, ui: CoverageMeasure, tools: CoverageTools, profiles: (unit: String, ui: String)) {
        try await CoverageFixture.build()
        let tools = try CoverageTools.locate()
        var measures: [CoverageMeasure] = []
        var merged: [String] = []
        for (level, filter) in [("unit", "GreetingUnitTests"), ("ui", "GreetingAppTests")] {
            let folder = scratch.path(level)
            let run = try await CoverageFixture.runTests(filter, profiles: folder)
            try #require(run.status == 0, "\(run.stdout)\(run.stderr)")
            let profile = scratch.path("\(level).profdata")
            let raw = try CoverageFixture.profiles(in: folder)
            try #require(!raw.isEmpty)
            measures.append(try await offThePool {
                try tools.mergeProfiles(raw, into: profile)
                return try tools.measure(profile: profile, binaries: CoverageFixture.binaries, sources: [CoverageFixture.sources])
            })
            merged.append(profile)
        }
        return (measures[0], measures[1], tools, (merged[0], merged[1]))
    }

    @Test("each level's regions are what llvm-cov report prints as TOTAL; its lines are the LCOV's line records, each line once, which the report counts once per function")
    func totalsMatchTheReport() async throws {
        let (unit, ui, tools, profiles) = try await measured()
        for (measure, profile) in [(unit, profiles.unit), (ui, profiles.ui)] {
            let report = try await Program.run(
                URL(fileURLWithPath: tools.cov),
                ["report", "-instr-profile=\(profile)", CoverageFixture.binaries[0], "-object=\(CoverageFixture.binaries[1])", CoverageFixture.sources])
            try #require(report.status == 0, "\(report.stderr)")
            // TOTAL  regions  missed  cover  functions  missed  executed  lines  missed  cover  …
            let rows = report.stdout.split(separator: "\n")
            let total = try #require(rows.first { $0.hasPrefix("TOTAL") })
            let columns = total.split(separator: " ").dropFirst().map(String.init)
            let regions = try #require(Int(columns[0])), missedRegions = try #require(Int(columns[1]))
            #expect(measure.regions == CoverageCounts(covered: regions - missedRegions, count: regions))
            #expect(measure.files.map { ($0.path as NSString).lastPathComponent } == ["Greeting.swift", "main.swift"], "test code and other folders are left out")
            #expect(measure.files.reduce(CoverageCounts.zero) { $0 + $1.lines } == measure.lines)
            // The report's lines: at least ours, more where a line holds a closure (main.swift's `??`).
            #expect(try #require(Int(columns[6])) >= measure.lines.count)
            for file in measure.files {
                #expect(file.lines == CoverageCounts(covered: file.coveredLines.count, count: file.lineHits.count), "\(file.path)")
                #expect(measure.lcov.contains("SF:\(file.path)\n"))
                #expect(measure.lcov.contains("LF:\(file.lines.count)\nLH:\(file.lines.covered)\n"), "the LCOV's own totals are its lines'")
            }
            // Greeting.swift has no closure: there the report's row counts what we count.
            let greeting = try #require(measure.files.first { $0.path.hasSuffix("/Greeting.swift") })
            let row = try #require(rows.first { $0.hasPrefix("Greeting/Greeting.swift") }).split(separator: " ").dropFirst().map(String.init)
            #expect(greeting.lines.count == Int(row[6]) && greeting.lines.count - greeting.lines.covered == Int(row[7]), "\(row)")
        }
        #expect(unit.lines.covered > 0 && unit.lines.covered < unit.lines.count)
        #expect(unit.lcov.contains("SF:\(CoverageFixture.sources)/Greeting/Greeting.swift"))
    }

    @Test("a line reached only by launching the app counts for the level that launched it, and is what it adds over the unit level")
    func lineReachedThroughTheApp() async throws {
        let (unit, ui, _, _) = try await measured()
        let source = try String(contentsOfFile: CoverageFixture.sources + "/Greeting/Greeting.swift", encoding: .utf8).components(separatedBy: "\n")
        let bannerLine = try #require(source.firstIndex { $0.contains("let line = String(repeating:") }) + 1
        let afternoon = try #require(source.firstIndex { $0.contains("Good afternoon") }) + 1
        let greetingFile = CoverageFixture.sources + "/Greeting/Greeting.swift"
        #expect(!(unit.files.first { $0.path == greetingFile }?.coveredLines.contains(bannerLine) ?? true))
        #expect(ui.files.first { $0.path == greetingFile }?.coveredLines.contains(bannerLine) == true)
        let added = ui.linesAdded(over: [unit])
        let addedInGreeting = try #require(added.first { $0.path == greetingFile })
        #expect(addedInGreeting.lines.contains(bannerLine) && addedInGreeting.lines.contains(afternoon))
        #expect(added.contains { $0.path.hasSuffix("/greet/main.swift") }, "the app's own code")
        #expect(unit.linesAdded(over: [ui]).allSatisfy { !$0.lines.contains(bannerLine) })
    }

    @Test("the Cobertura XML of a measure is read by pycobertura with the same files, lines and rates")
    func cobertura() async throws {
        let (_, ui, _, _) = try await measured()
        let root = CoverageFixture.folder
        let path = scratch.path("cobertura.xml")
        try CoberturaReport.xml(for: ui, root: root, timestamp: 1_764_000_000).write(toFile: path, atomically: true, encoding: .utf8)
        let script = """
            import sys
            from pycobertura import Cobertura
            c = Cobertura(sys.argv[1])
            print(c.total_statements(), c.total_misses(), round(c.line_rate(), 4))
            for f in sorted(c.files()):
                print(f, c.total_statements(f), c.total_misses(f), ",".join(str(n) for n in c.missed_statements(f)))
            """
        let read = try await Program.run("python3", ["-c", script, path])
        try #require(read.status == 0, "\(read.stderr)")
        let listed = ui.files.reduce(0) { $0 + $1.lineHits.count }, covered = ui.files.reduce(0) { $0 + $1.coveredLines.count }
        var expected = ["\(listed) \(listed - covered) \(Double(String(format: "%.4f", Double(covered) / Double(listed)))!)"]
        for file in ui.files.sorted(by: { $0.path < $1.path }) {
            let missed = file.lineHits.filter { $0.hits == 0 }.map { String($0.line) }.joined(separator: ",")
            expected.append("\(file.path.dropFirst(root.count + 1)) \(file.lineHits.count) \(file.lineHits.count - file.coveredLines.count) \(missed)")
        }
        #expect(read.stdout.split(separator: "\n").map(String.init) == expected)
    }

    @Test("a profile llvm-profdata rejects is an error naming the file; nothing is left half-written")
    func rejectedProfile() async throws {
        try await CoverageFixture.build()
        let tools = try CoverageTools.locate()
        let corrupt = scratch.path("broken.profraw")
        try Data("not a profile at all, just some bytes".utf8).write(to: URL(fileURLWithPath: corrupt))
        let output = scratch.path("out.profdata")
        let error = await #expect(throws: CoverageError.self) {
            try await offThePool { try tools.mergeProfiles([corrupt], into: output) }
        }
        guard case .rejectedProfile(let path, let reason) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(path == corrupt && !reason.isEmpty)
        #expect("\(error!)".hasPrefix("\(corrupt): llvm-profdata cannot read this profile: "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["broken.profraw"])
    }

    @Test("tools that are not installed: an error that names each place looked in")
    func missingTools() throws {
        let empty = scratch.path("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        #expect(throws: CoverageError.missingTool(name: "llvm-profdata", searched: ["in \(empty) (PYRAMID_LLVM_BIN)"])) {
            try CoverageTools.locate(environment: ["PYRAMID_LLVM_BIN": empty])
        }
        #if !os(macOS)
        #expect(throws: CoverageError.missingTool(name: "llvm-profdata", searched: ["on PATH"])) {
            try CoverageTools.locate(environment: ["PATH": empty])
        }
        #endif
        let found = try CoverageTools.locate()
        #expect(FileManager.default.isExecutableFile(atPath: found.cov) && found.profdata.hasSuffix("/llvm-profdata"))
    }

    @Test("a swift on PATH that is a wrapper script: the tools of the toolchain it runs, not another LLVM's later on PATH")
    func wrapperScript() async throws {
        let toolchain = try CoverageTools.locate()
        let realSwift = URL(fileURLWithPath: toolchain.profdata).deletingLastPathComponent().appendingPathComponent("swift").path
        try #require(FileManager.default.isExecutableFile(atPath: realSwift))
        // A wrapper as version managers and CI images write them, then another LLVM's tools.
        let wrapper = scratch.path("wrapper")
        let other = scratch.path("other-llvm")
        for folder in [wrapper, other] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        var scripts = [wrapper + "/swift": "#!/bin/sh\nexec '\(realSwift)' \"$@\"\n"]
        for tool in ["llvm-profdata", "llvm-cov"] { scripts[other + "/" + tool] = "#!/bin/sh\nexit 1\n" }
        for (path, text) in scripts {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        let found = try await offThePool { try CoverageTools.locate(environment: ["PATH": "\(wrapper):\(other)"]) }
        #expect(found == toolchain, "\(found)")
        // Without the toolchain's answer (a wrapper that is not swift), PATH's tools are what is left.
        try Data("#!/bin/sh\nexit 1\n".utf8).write(to: URL(fileURLWithPath: wrapper + "/swift"))
        let fallback = try await offThePool { try CoverageTools.locate(environment: ["PATH": "\(wrapper):\(other)"]) }
        #expect(fallback == CoverageTools(profdata: other + "/llvm-profdata", cov: other + "/llvm-cov"))
    }
}
