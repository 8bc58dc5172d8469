import Foundation
import LivingSpec
import Mutation
package import MutationReport
import PyramidIO
import SpecRunning

/// `pyramid mutants`' pipeline: which faults each level of a package's test pyramid catches.
///
/// 1. The package is copied into the work folder with every mutant of the chosen files planted
///    behind one switch (schemata) and built once with its tests; a schema that does not compile
///    is taken apart, its bad mutants reported `CompileError`.
/// 2. Each test runs once, alone, with the switch tracing: all must pass (the baseline), each is
///    timed, and each says which mutants it (and any app it launched) reached.
/// 3. Each mutant runs against the tests that reach it, level by level, fastest first, until one
///    fails at that level: a matrix of mutants × levels.
///
/// The user's package is read, never written: everything happens in the work folder.
package struct MutationRun: Sendable {
    package var configuration: Configuration

    package init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    /// Runs the pipeline, telling `onEvent` what it is doing.
    ///
    /// - Throws: ``MutationRunError`` when the mutants could not be judged: a bad option, an
    ///   empty selection, a syntax error, a package that does not build, a failing baseline.
    package func run(onEvent: @escaping @Sendable (Event) -> Void = { _ in }) throws(MutationRunError) -> MutationOutcome {
        let configuration = configuration
        try configuration.validate()
        let package = configuration.package
        guard FileManager.default.fileExists(atPath: package + "/Package.swift") else {
            throw .spec(.notAPackage(path: package))
        }
        let changed = try configuration.since.map { revision throws(MutationRunError) in try ChangedLines.since(revision, package: package) }
        try Self.createFolder(configuration.logs)
        let prepared: [String]
        do {
            prepared = try MutantWorkspace.prepare(package: package, root: configuration.copy)
        } catch {
            throw .workspace(error)
        }
        var scratchArguments = ["--scratch-path", configuration.scratch]
        if SwiftPMLock.isHeldByAncestor(scratch: configuration.scratch) { scratchArguments.append("--ignore-lock") }
        let layout: PackageLayout
        do {
            layout = try PackageLayout.read(packagePath: configuration.copy, buildArguments: scratchArguments)
        } catch {
            throw .spec(error)
        }
        var (files, targets, lines) = try MutantSelection.files(
            package: package, root: configuration.copy, targets: layout.targets, only: configuration.targets, files: configuration.files)
        if let changed {
            files = files.filter { changed.files[$0] != nil }
            guard !files.isEmpty else { throw .emptySelection(reason: "no Swift file of the chosen targets changed since \(configuration.since!)") }
        }
        for file in files {
            let source = (try? String(contentsOfFile: package + "/" + file, encoding: .utf8)) ?? ""
            if let error = SyntaxCheck.firstError(in: source) { throw .syntaxError(file: file, line: error.line, column: error.column, message: error.message) }
        }

        // 1. Plant and build.
        let buildStart = Date()
        let built = try SchemaBuild(
            package: package, copy: configuration.copy, scratch: configuration.scratch, logs: configuration.logs,
            memory: configuration.work + "/compile-errors.json", files: files, targets: targets, prepared: prepared, onEvent: onEvent
        ).run()
        var chosen = built.workspace.mutants.filter { lines.contains($0.file, line: $0.start.line) }
        if let changed {
            chosen = chosen.filter { changed.touches($0.file, lines: $0.start.line...max($0.start.line, $0.end.line)) }
        }
        if let shard = configuration.shard {
            chosen = chosen.filter { ($0.id - 1) % shard.count == shard.index - 1 }
        }
        guard !chosen.isEmpty else {
            throw .emptySelection(reason: configuration.since != nil
                ? "no mutant on the lines changed since \(configuration.since!)"
                : lines.ranges.isEmpty ? "the chosen files hold no place for a mutant" : "no mutant begins on the chosen lines")
        }
        onEvent(.planted(files: built.workspace.sources.count, mutants: built.workspace.mutants.count, judged: chosen.count))
        let buildSeconds = Date().timeIntervalSince(buildStart)

        // 2. Each test traced once, without a mutant.
        let traceStart = Date()
        let plan: LevelPlan
        do {
            plan = try LevelPlan.make(bundle: layout.testBundle, classifier: configuration.classifier, workFolder: configuration.work + "/tests")
        } catch {
            throw .spec(error)
        }
        let levels = configuration.levels.isEmpty ? plan.levels : PyramidLevel.allCases.filter { configuration.levels.contains($0) }
        let tests = levels.flatMap { level in (plan.tests[level] ?? []).map { (name: $0, level: level) } }
        guard !tests.isEmpty else { throw .noTests(levels: levels.isEmpty ? PyramidLevel.allCases : levels) }
        let browsers = TestBrowsers()
        defer { browsers.close() }
        let process = TestProcess(bundle: layout.testBundle.path, browsers: browsers)
        let traces = try TestTraces.run(tests, process: process, jobs: configuration.jobs, work: configuration.work, onEvent: onEvent)
        if let reason = browsers.unavailableReason { onEvent(.browsersNotKept(reason: reason)) }
        let traceSeconds = Date().timeIntervalSince(traceStart)

        // 3. Each mutant judged against the tests that reach it.
        let judgeStart = Date()
        let judge = MutantJudge(
            process: process, traces: traces, levels: levels, work: configuration.work,
            timeoutFactor: configuration.timeoutFactor, timeoutFloor: configuration.timeoutFloor)
        let reachedAll = traces.reduce(into: Set<Int>()) { $0.formUnion($1.reached) }
        onEvent(.judging(mutants: chosen.count, reached: chosen.filter { reachedAll.contains($0.id) }.count))
        let done = Locked(0)
        let compileErrors = built.compileErrors
        let judged = chosen
        let verdicts = parallelMap(judged, workers: configuration.jobs) { mutant -> MutantVerdict in
            let verdict = compileErrors[mutant.id].map { MutantVerdict(mutant: mutant, status: .compileError, reason: $0) }
                ?? judge.judge(mutant, slot: mutant.id)
            let count = done.withValue { value -> Int in value += 1; return value }
            onEvent(.judged(verdict, done: count, total: judged.count))
            return verdict
        }
        return MutationOutcome(
            package: configuration.packagePath, levels: levels, verdicts: verdicts, sources: built.workspace.sources, tests: tests.count,
            seconds: (buildSeconds, traceSeconds, Date().timeIntervalSince(judgeStart)))
    }

    private static func createFolder(_ path: String) throws(MutationRunError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .spec(.cannotCreateFolder(path: path, reason: "\(error.localizedDescription)"))
        }
    }
}
