import Foundation
@testable import Mutation
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
            for (age, member) in [\(inputs.map { "(\($0.0), \($0.1))" }.joined(separator: ", "))] {
                let chosen = naive(id)
                print(classify(age, member) == chosen(age, member) ? "same" : "differs: \\(age) \\(member): \\(classify(age, member)) vs \\(chosen(age, member))")
            }
            """
        var files = [
            "Schema.swift": schema.source, "Switch.swift": MutantSchema.switchDeclaration, "main.swift": main,
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
        // The mutants change behaviour: each is told apart from the original on some input.
        let killedByInputs = try await withThrowingTaskGroup(of: Bool.self) { group in
            for mutant in schema.mutants where mutant.mutationOperator != .callRemoved {
                group.addTask {
                    let run = try await Program.run(URL(fileURLWithPath: folder.path("schema")), ["0"], environment: [MutantSchema.environmentVariable: String(mutant.id)])
                    return run.stdout.contains("differs")
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(killedByInputs > 0)
    }
}
