import Foundation
@testable import MutationReport
import PyramidJSON
import PyramidTestSupport
import Testing

/// Stryker's mutation-testing report, checked against Stryker's own schema.
@Suite("Stryker's report")
struct StrykerReportTests {
    static let source = """
        func isAdult(_ age: Int) -> Bool {
            guard age >= 0 else { return false }
            return age >= 18
        }
        """

    func verdicts() -> (StrykerReport.File, [MutantVerdict]) {
        // Six of the mutants the finder plants in it, written out.
        func mutant(_ id: Int, _ mutationOperator: MutationOperator, line: Int, columns: Range<Int>, _ original: String, _ replacement: String) -> Mutant {
            Mutant(
                id: id, mutationOperator: mutationOperator, file: "Sources/App/Age.swift", start: SourcePosition(line: line, column: columns.lowerBound),
                end: SourcePosition(line: line, column: columns.upperBound), original: original, replacement: replacement)
        }
        let mutants = [
            mutant(1, .relationalNegated, line: 2, columns: 11..<19, "age >= 0", "age < 0"),
            mutant(2, .relationalBoundary, line: 2, columns: 11..<19, "age >= 0", "age > 0"),
            mutant(3, .conditionTrue, line: 2, columns: 11..<19, "age >= 0", "true"),
            mutant(4, .relationalNegated, line: 3, columns: 12..<21, "age >= 18", "age < 18"),
            mutant(5, .relationalBoundary, line: 3, columns: 12..<21, "age >= 18", "age > 18"),
            mutant(6, .conditionFalse, line: 2, columns: 11..<19, "age >= 0", "false"),
        ]
        let statuses: [MutantStatus] = [.killed, .survived, .noCoverage, .compileError, .timeout]
        let verdicts = mutants.enumerated().map { index, mutant in
            let status = statuses[index % statuses.count]
            return MutantVerdict(
                mutant: mutant, status: status, killedBy: status == .killed ? ["AgeTests/adults()"] : [],
                coveredBy: status == .noCoverage ? [] : ["AgeTests/adults()", "SignUpTests/flow()"],
                reason: status == .compileError ? "error: cannot convert value" : nil, crashed: index == 5, milliseconds: 12.5,
                levels: ["unit": status, "ui": .survived])
        }
        return (StrykerReport.File(path: "Sources/App/Age.swift", source: Self.source), verdicts)
    }

    @Test("the report validates against Stryker's schema, levels and a crash included")
    func validates() async throws {
        let (file, verdicts) = verdicts()
        try #require(verdicts.count >= 5, "\(verdicts.map(\.mutant.mutationOperator))")
        let folder = TemporaryFolder("pyramid-stryker", create: true)
        let path = folder.path("mutation.json")
        try Data(StrykerReport.json(files: [file], verdicts: verdicts).prettyText.utf8).write(to: URL(fileURLWithPath: path))
        let schema = try #require(PeerData.path("stryker/mutation-testing-report-schema.json"), "Stryker's schema (../shared/peer-data/stryker) is absent")
        let problems = try await JSONSchemaCheck.problems(schema: schema, files: [path])
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("each mutant keeps its place, verdict, killer, coverage and levels")
    func fields() throws {
        let (file, verdicts) = verdicts()
        let json = StrykerReport.json(files: [file], verdicts: verdicts)
        let mutants = try #require(json["files"]?["Sources/App/Age.swift"]?["mutants"]?.arrayValue)
        #expect(mutants.count == verdicts.count)
        let first = try #require(mutants.first)
        #expect(first["id"]?.stringValue == String(verdicts[0].mutant.id))
        #expect(first["status"]?.stringValue == "Killed" && first["killedBy"]?.arrayValue == ["AgeTests/adults()"])
        #expect(first["location"]?["start"]?["line"]?.doubleValue == Double(verdicts[0].mutant.start.line))
        #expect(first["levels"]?["ui"]?.stringValue == "Survived")
        let reasons = mutants.compactMap { mutant -> String? in mutant["statusReason"]?.stringValue }
        #expect(reasons.contains("error: cannot convert value"))
        #expect(json["schemaVersion"]?.stringValue == "2" && json["files"]?["Sources/App/Age.swift"]?["source"]?.stringValue == Self.source)
    }

    @Test("the score: killed and timed out over all but compile errors; nothing judged, no score")
    func score() {
        #expect(mutationScore([.killed, .timeout, .survived, .noCoverage, .compileError]) == 50)
        #expect(mutationScore([.compileError]) == nil)
        #expect(mutationScore([MutantStatus]()) == nil)
    }
}
