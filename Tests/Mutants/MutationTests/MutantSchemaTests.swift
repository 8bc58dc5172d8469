import Foundation
@testable import Mutation
import MutationReport
import PyramidTestSupport
import Testing

/// The schema behaves, mutant by mutant, as the source changed by hand would: an independent
/// oracle. Every mutant's naive version (the original text with the mutant's replacement at its
/// place, as a person would make it) is compiled beside the schema into one program, which
/// prints both for a range of inputs with the mutant switched on.
@Suite("Mutant schemata", .timeLimit(.minutes(5)))
struct MutantSchemaTests {
    static let source = """
        func classify(_ age: Int, _ member: Bool) -> String {
            guard age >= 0 else { return "invalid" }
            if age < 18 && member == false {
                if !member { return "minor" }
            }
            let discount = member ? age / 10 : 0
            return age > 64 ? "senior \\(discount)" : "adult \\(discount + 1)"
        }
        """

    /// `source` with `mutant`'s replacement where it stands, the function renamed.
    static func naive(_ mutant: Mutant) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func offset(_ position: SourcePosition) -> Int {
            lines.prefix(position.line - 1).reduce(0) { $0 + $1.utf8.count + 1 } + position.column - 1
        }
        var bytes = Array(source.utf8)
        bytes.replaceSubrange(offset(mutant.start)..<offset(mutant.end), with: Array(mutant.replacement.utf8))
        return String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "func classify(", with: "func classify_\(mutant.id)(")
    }

    @Test("every mutant switched on alone gives what its hand-made version gives; switched off, the original's")
    func behavesAsTheNaiveVersion() async throws {
        let schema = MutantSchema(source: Self.source, file: "Classify.swift", firstID: 1)
        try #require(schema.mutants.count >= 10, "\(schema.mutants.map(\.mutationOperator))")
        #expect(Set(schema.mutants.map(\.mutationOperator)).isSuperset(of: [
            .guardRemoved, .relationalNegated, .relationalBoundary, .logical, .notRemoved, .ternarySwapped, .arithmetic,
        ]))
        let folder = TemporaryFolder("pyramid-schema", create: true)
        let inputs = [(-1, false), (0, true), (17, false), (17, true), (18, false), (40, true), (64, true), (65, false), (90, true)]
        let cases = schema.mutants.map { mutant in
            "case \(mutant.id): return classify_\(mutant.id)"
        }.joined(separator: "\n        ")
        let main = """
            func naive(_ id: Int) -> (Int, Bool) -> String {
                switch id {
                    \(cases)
                default: return classify_original
                }
            }
            let id = Int(CommandLine.arguments[1])!
            let inputs = [\(inputs.map { "(\($0.0), \($0.1))" }.joined(separator: ", "))]
            let limit = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2])! : inputs.count
            for (age, member) in inputs.prefix(limit) {
                let chosen = naive(id)
                print(classify(age, member) == chosen(age, member) ? "same" : "differs: \\(age) \\(member): \\(classify(age, member)) vs \\(chosen(age, member))")
            }
            """
        var files = [
            "Schema.swift": schema.source, "Switch.swift": MutantSchema.switchDeclaration(module: "Schema"), "main.swift": main,
            "Original.swift": Self.source.replacingOccurrences(of: "func classify(", with: "func classify_original("),
        ]
        for mutant in schema.mutants { files["Naive\(mutant.id).swift"] = Self.naive(mutant) }
        for (name, text) in files { try text.write(toFile: folder.path(name), atomically: true, encoding: .utf8) }
        let compiled = try await Program.run(
            "swiftc", ["-swift-version", "6", "-o", folder.path("schema")] + files.keys.sorted().map { folder.path($0) })
        try #require(compiled.status == 0, "\(compiled.stderr)\n\(schema.source)")
        for id in [0] + schema.mutants.map(\.id) {
            let run = try await Program.run(URL(fileURLWithPath: folder.path("schema")), [String(id)], environment: [MutantSchema.environmentVariable: String(id)])
            let lines = run.stdout.split(separator: "\n")
            #expect(run.status == 0 && lines.count == inputs.count, "mutant \(id): \(run.stderr)")
            #expect(lines.allSatisfy { $0 == "same" }, "mutant \(id) (\(schema.mutants.first { $0.id == id }.map { "\($0.original) → \($0.replacement)" } ?? "none")): \(lines)")
        }
        // Which mutants change the result on these inputs: each compared with the original.
        var changing: Set<Int> = []
        for mutant in schema.mutants {
            let run = try await Program.run(URL(fileURLWithPath: folder.path("schema")), ["0"], environment: [MutantSchema.environmentVariable: String(mutant.id)])
            if run.stdout.contains("differs") { changing.insert(mutant.id) }
        }
        #expect(changing.count >= schema.mutants.count / 2, "the switch turns the mutants on: \(changing)")

        // Tracing: no mutant on, and the places reached written down. A mutant that changes the
        // result was reached; on an input the guard turns away, only the guard's line is.
        func traced(inputs limit: Int) async throws -> Set<Int> {
            let trace = folder.path("trace-\(limit)")
            try MutantTrace.reset(folder: trace)
            let run = try await Program.run(
                URL(fileURLWithPath: folder.path("schema")), ["0", String(limit)],
                environment: [MutantSchema.environmentVariable: String(MutantSchema.tracing), MutantSchema.traceVariable: trace])
            #expect(run.status == 0 && !run.stdout.contains("differs"), "tracing turns no mutant on")
            return MutantTrace.read(folder: trace)
        }
        let all = try await traced(inputs: inputs.count)
        #expect(changing.isSubset(of: all), "changed but not reached: \(changing.subtracting(all))")
        let guardLine = Set(schema.mutants.filter { $0.start.line == 2 }.map(\.id))
        #expect(!guardLine.isEmpty)
        #expect(try await traced(inputs: 1) == guardLine, "age -1 stops at the guard")

        // With a mutant on, the trace says whether its place was reached: only its own number.
        let active = try #require(changing.min())
        let activeTrace = folder.path("trace-active")
        try MutantTrace.reset(folder: activeTrace)
        _ = try await Program.run(
            URL(fileURLWithPath: folder.path("schema")), [String(active)],
            environment: [MutantSchema.environmentVariable: String(active), MutantSchema.traceVariable: activeTrace])
        #expect(MutantTrace.read(folder: activeTrace) == [active])
        let unreached = try #require(schema.mutants.map(\.id).first { !guardLine.contains($0) })
        try MutantTrace.reset(folder: activeTrace)
        _ = try await Program.run(
            URL(fileURLWithPath: folder.path("schema")), [String(unreached), "1"],
            environment: [MutantSchema.environmentVariable: String(unreached), MutantSchema.traceVariable: activeTrace])
        #expect(MutantTrace.read(folder: activeTrace).isEmpty, "mutant \(unreached) is past the guard age -1 stops at")
    }
}
