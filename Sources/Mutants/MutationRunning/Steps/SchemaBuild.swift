import Foundation
import LivingSpec
import Mutation
import MutationReport
import SpecRunning

/// The copy planted with every selected file's schema and built with its tests. A schema that
/// does not compile is taken apart: the mutants named on the lines the compiler rejects are
/// left out until the build passes, then tried in halves to bring back the ones that compile;
/// those that do not are reported `CompileError`, the rest stay in.
struct SchemaBuild {
    var package: String
    var copy: String
    var scratch: String
    var logs: String
    /// Where the mutants found not to compile are remembered between runs.
    var memory: String
    var files: [String]
    var targets: [MutantWorkspace.Target]
    /// Files the copy's preparation rewrote, whose objects the first build forgets too.
    var prepared: [String] = []
    var onEvent: @Sendable (MutationRun.Event) -> Void

    /// The planted workspace and, for each mutant left out, the compiler's reason.
    ///
    /// - Throws: ``MutationRunError/buildFailed(package:output:)`` when the package does not
    ///   build even with the failing files' mutants all left out; ``MutationRunError/workspace(_:)``
    ///   when the copy cannot be written.
    func run() throws(MutationRunError) -> (workspace: MutantWorkspace, compileErrors: [Int: String]) {
        // What an earlier run found does not compile, in files unchanged since, is left out at once.
        let planned: [(file: String, source: String, mutants: [Mutant])]
        do {
            planned = try MutantWorkspace.plan(package: package, files: files)
        } catch {
            throw .workspace(error)
        }
        let known = CompileErrorMemory(path: memory).recall(planned)
        var excluded = Set(known.keys)
        var attempt = try build(excluding: excluded, alsoRewritten: prepared)
        guard attempt.status != 0 else {
            CompileErrorMemory(path: memory).remember(known, planned: planned)
            return (attempt.workspace, known)
        }
        let byFile = Dictionary(grouping: attempt.workspace.mutants, by: \.file).mapValues { Set($0.map(\.id)) }

        // The mutants on each line the compiler rejects are left out, until the build passes.
        var suspects: [String: Set<Int>] = [:]
        while attempt.status != 0 {
            var named = false
            for (file, errors) in attempt.errors {
                guard let ids = byFile[file] else { continue }
                let schema = (try? String(contentsOfFile: copy + "/" + file, encoding: .utf8)) ?? ""
                for error in errors {
                    var onLine = SchemaErrorScope.mutants(at: error.line, in: schema).intersection(ids).subtracting(excluded)
                    // An error in no statement that switches a mutant on: the whole schema of the file is suspect.
                    if onLine.isEmpty { onLine = ids.subtracting(excluded) }
                    suspects[file, default: []].formUnion(onLine)
                    excluded.formUnion(onLine)
                    named = named || !onLine.isEmpty
                }
            }
            guard named else { throw .buildFailed(package: package, output: Self.errorLines(attempt.output)) }
            attempt = try build(excluding: excluded)
        }
        // Then each file's suspects, in halves: the ones that do not compile alone stay out.
        var reasons = known
        for file in suspects.keys.sorted() {
            let ids = suspects[file]!.sorted()
            onEvent(.schemaFailed(file: file, mutants: ids.count))
            var bad: [Int: String] = [:]
            try bisect(ids, excluded: excluded, into: &bad)
            excluded.subtract(ids)
            excluded.formUnion(bad.keys)
            reasons.merge(bad) { $1 }
        }
        attempt = try build(excluding: excluded)
        if attempt.status != 0 {
            // Mutants that compile alone but not together: every suspect stays out.
            for (file, ids) in suspects {
                for id in ids where reasons[id] == nil {
                    reasons[id] = "compiles alone but not with the other mutants of \(file)"
                    excluded.insert(id)
                }
            }
            attempt = try build(excluding: excluded)
            guard attempt.status == 0 else { throw .buildFailed(package: package, output: Self.errorLines(attempt.output)) }
        }
        CompileErrorMemory(path: memory).remember(reasons, planned: planned)
        return (attempt.workspace, reasons)
    }

    /// Finds which of `ids` do not compile, the others of `excluded` left out.
    private func bisect(_ ids: [Int], excluded: Set<Int>, into bad: inout [Int: String]) throws(MutationRunError) {
        let attempt = try build(excluding: excluded.subtracting(ids))
        guard attempt.status != 0 else { return }
        guard ids.count > 1 else {
            let first = attempt.errors.values.first?.first?.message ?? Self.errorLines(attempt.output)
            bad[ids[0]] = "does not compile: \(first)"
            return
        }
        let half = ids.count / 2
        try bisect(Array(ids[..<half]), excluded: excluded, into: &bad)
        try bisect(Array(ids[half...]), excluded: excluded, into: &bad)
    }

    struct Attempt {
        var workspace: MutantWorkspace
        var status: Int32
        var output: String
        /// The compiler's errors by file (relative to the package): the line and the message.
        var errors: [String: [(line: Int, message: String)]]
    }

    /// Plants the copy with `excluded` left out and builds it with its tests, every file
    /// planting rewrote (and `alsoRewritten`) compiled again (``RewrittenObjects``).
    private func build(excluding excluded: Set<Int>, alsoRewritten: [String] = []) throws(MutationRunError) -> Attempt {
        let workspace: MutantWorkspace
        do {
            workspace = try MutantWorkspace(package: package, root: copy, files: files, targets: targets, excluding: excluded)
        } catch {
            throw .workspace(error)
        }
        RewrittenObjects.forget(workspace.rewritten + alsoRewritten, scratch: scratch)
        onEvent(.building(nil))
        let log = logs + "/build.log"
        var arguments = ["build", "--package-path", copy, "--build-tests", "--scratch-path", scratch]
        if SwiftPMLock.isHeldByAncestor(scratch: scratch) { arguments.append("--ignore-lock") }
        let events = onEvent
        let status: Int32
        do {
            status = try SwiftTestRunner.swift(arguments, environment: ProcessInfo.processInfo.environment, echo: .lines { line in
                if let progress = SwiftBuildProgress.parse(line) { events(.building(progress)) }
            }, keep: log)
        } catch {
            throw .spec(error)
        }
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return Attempt(workspace: workspace, status: status, output: output, errors: Self.errors(in: output, root: copy))
    }

    /// `path:line:column: error: message` lines of files under `root`, by their path relative to it.
    static func errors(in output: String, root: String) -> [String: [(line: Int, message: String)]] {
        var found: [String: [(line: Int, message: String)]] = [:]
        for text in output.split(separator: "\n") {
            guard let marker = text.range(of: ": error: ") else { continue }
            let location = text[..<marker.lowerBound].split(separator: ":")
            guard location.count >= 3, let line = Int(location[location.count - 2]),
                  let relative = MutantSelection.relative(location.dropLast(2).joined(separator: ":"), to: root), relative.hasSuffix(".swift")
            else { continue }
            found[relative, default: []].append((line, String(text[marker.upperBound...])))
        }
        return found
    }

    /// The error lines of a build's output (the last 40 lines when it has none).
    static func errorLines(_ output: String) -> String {
        let lines = output.split(separator: "\n")
        let errors = lines.filter { $0.contains("error:") }
        return (errors.isEmpty ? lines.suffix(40) : errors.prefix(40)).joined(separator: "\n")
    }
}
