import Foundation
import LivingSpec
import PyramidJSON
import Mutation
import MutationReport
@testable import MutationRunning
import PyramidTestSupport
import Testing

/// The pipeline on a real package: built once with every mutant, each test traced, each mutant
/// judged level by level; checked against the naive way.
@Suite("pyramid mutants' pipeline", .serialized)
struct MutationRunTests {
    @Test("verdicts and killing levels equal the naive way's, mutant by mutant: killed, survived, not reached, a crash, killed only in the app by a UI test")
    func matchesTheNaiveWay() async throws {
        let outcome = try await MutantFixture.run(MutantFixture.configuration(files: ["Pricing.swift", "Cart.swift", "Receipt/main.swift"]))
        #expect(outcome.levels == [.unit, .integration, .ui])
        #expect(outcome.tests == 11, "8 unit tests, 2 integration tests and a UI test")
        let verdicts = outcome.verdicts
        try #require(verdicts.count >= 15, "the fixture's two files hold at least 15 mutants")
        let statuses = Set(verdicts.map(\.status))
        #expect(statuses.isSuperset(of: [.killed, .survived, .noCoverage]), "\(statuses)")
        #expect(verdicts.contains { $0.crashed && $0.status == .killed && $0.mutant.file.hasSuffix("Cart.swift") }, "an index out of range is a crash, counted as killed")
        #expect(verdicts.contains { $0.levels["integration"] == .killed && $0.levels["unit"] != .killed }, "a mutant only integration tests kill")
        #expect(verdicts.contains { $0.levels == ["unit": .noCoverage, "integration": .noCoverage, "ui": .killed] }, "a mutant only UI tests kill")

        // Each verdict against the naive way's: recorded (NaiveRecord) where the inputs are
        // unchanged and the record agrees with ours, otherwise judged now by rebuilding a copy.
        let targets = ["unit": "PricingTests", "integration": "PricingIntegrationTests", "ui": "ReceiptUITests"]
        func agrees(_ verdict: MutantVerdict, _ naive: NaiveRecord.Verdict) -> Bool {
            guard let naive else { return verdict.status == .compileError }
            return (verdict.status == .killed) == naive.values.contains(true)
                && targets.allSatisfy { level, target in (verdict.levels[level] == .killed) == naive[target] }
        }
        let inputs = try await NaiveRecord.inputs()
        let recorded = NaiveRecord.load(inputs: inputs)
        var copy: TemporaryFolder?
        var verdictsNow: [String: NaiveRecord.Verdict] = [:]
        var judgedNow = 0
        var allAgree = true
        for verdict in verdicts {
            let key = NaiveRecord.key(verdict.mutant)
            let naive: NaiveRecord.Verdict
            if let kept = recorded[key], agrees(verdict, kept) {
                naive = kept
            } else {
                if copy == nil {
                    let folder = TemporaryFolder("pyramid-naive", create: true)
                    try await Program.run("cp", ["-R", MutantFixture.package + "/.", folder.path]).expectSuccess()
                    copy = folder
                }
                naive = try await NaiveMutation.verdict(verdict.mutant, copy: copy!.path, targets: Array(targets.values))
                judgedNow += 1
            }
            verdictsNow[key] = .some(naive)
            allAgree = allAgree && agrees(verdict, naive)
            let described = "mutant \(verdict.mutant.id) \(verdict.mutant.original) → \(verdict.mutant.replacement)"
            guard let naive else {
                #expect(verdict.status == .compileError, "\(described): the naive way does not compile it")
                continue
            }
            let caught = naive.values.contains(true)
            #expect((verdict.status == .killed) == caught, "\(described): \(verdict.status) against the naive way's \(naive)")
            for (level, target) in targets {
                let ours = verdict.levels[level] == .killed
                #expect(ours == naive[target], "\(described) at the \(level) level: \(verdict.levels[level].map(\.rawValue) ?? "–") against \(naive[target]!)")
            }
        }
        // The record takes what the naive way said today, once every verdict agrees with it.
        if judgedNow > 0, allAgree {
            try NaiveRecord.write(verdictsNow, inputs: inputs)
        }
    }

    @Test("the app a UI test launches runs with the test's mutant: mutants in the app are reached and killed only at the UI level")
    func uiTestsSeeTheMutantInTheApp() async throws {
        let outcome = try await MutantFixture.run(MutantFixture.configuration(files: ["Sources/Receipt/main.swift"]))
        #expect(outcome.levels == [.unit, .integration, .ui])
        try #require(outcome.verdicts.count >= 5, "\(outcome.verdicts.map(\.mutant))")
        let onlyUI = outcome.verdicts.filter { $0.levels["ui"] == .killed && $0.levels["unit"] == .noCoverage && $0.levels["integration"] == .noCoverage }
        #expect(!onlyUI.isEmpty, "\(outcome.verdicts.map { "\($0.mutant.original) → \($0.mutant.replacement): \($0.levels)" })")
        #expect(onlyUI.allSatisfy { $0.killedBy == ["ReceiptUITests.receiptOfTwoAmounts()"] })
        #expect(outcome.verdicts.allSatisfy { $0.status != .noCoverage || $0.mutant.start.line < 4 }, "every mutant of receipt() is reached through the app")
    }

    @Test("shards judge disjoint mutants; merged, their reports equal one run's, timings apart; shards of other code do not merge")
    func shardsMerge() async throws {
        let folder = TemporaryFolder("pyramid-mutant-shards", create: true)
        func run(_ shard: (Int, Int)?, to name: String) async throws -> MutationOutcome {
            var configuration = MutantFixture.configuration(files: ["Pricing.swift", "Cart.swift"])
            configuration.shard = shard
            let outcome = try await MutantFixture.run(configuration)
            try MutationReports.write(outcome, to: folder.path(name))
            return outcome
        }
        let whole = try await run(nil, to: "whole")
        let first = try await run((1, 2), to: "one")
        let second = try await run((2, 2), to: "two")
        #expect(!first.verdicts.isEmpty && !second.verdicts.isEmpty)
        #expect(Set(first.verdicts.map(\.mutant.id)).isDisjoint(with: second.verdicts.map(\.mutant.id)))
        let merged = try MutationMerge.merge([folder.path("one"), folder.path("two")])
        func withoutTimings(_ outcome: MutationOutcome) -> JSONValue {
            var outcome = outcome
            for index in outcome.verdicts.indices { outcome.verdicts[index].milliseconds = nil }
            return outcome.strykerReport
        }
        #expect(withoutTimings(merged) == withoutTimings(whole))
        #expect(MutationSummary.text(merged, timings: false) == MutationSummary.text(whole, timings: false))

        #expect(throws: MutationReportError.self) { try MutationMerge.merge([folder.path("one"), folder.path("one")]) }
        var other = try #require(String(data: FileManager.default.contents(atPath: folder.path("two/mutation-report.json"))!, encoding: .utf8))
        other = other.replacingOccurrences(of: "items[items.count - 1]", with: "items.last!")
        try other.write(toFile: folder.path("two/mutation-report.json"), atomically: true, encoding: .utf8)
        #expect {
            try MutationMerge.merge([folder.path("one"), folder.path("two")])
        } throws: { error in
            "\(error)".contains("Sources/Pricing/Cart.swift differs between")
        }
    }

    @Test("one test process runs the switches of two modules: the mutants it reaches in both are traced, and judged")
    func twoModulesInOneProcess() async throws {
        let outcome = try await MutantFixture.run(MutantFixture.configuration(files: ["Weight.swift", "Units.swift"]))
        let files = Set(outcome.verdicts.map(\.mutant.file))
        #expect(files == ["Sources/Pricing/Weight.swift", "Sources/Units/Units.swift"])
        for verdict in outcome.verdicts {
            #expect(verdict.coveredBy == ["PricingTests.parcelOfTwoKilograms()"], "\(verdict.mutant.file): \(verdict.mutant.original) → \(verdict.mutant.replacement)")
            #expect(verdict.status == .killed)
        }
    }

    @Test("a mutant whose switch is not in the build is an error, not a survivor")
    func falseSurvivorCannotHide() async throws {
        // Built and traced by the pipeline; then told that a test reached mutant 999, which the build does not hold.
        let configuration = MutantFixture.configuration(files: ["Cart.swift"])
        let outcome = try await MutantFixture.run(configuration)
        let planted = try #require(outcome.verdicts.first)
        let bundle = configuration.scratch + "/debug/MutantFixturePackageTests.xctest"
        let trace = TestTrace(test: "PricingTests.lastOfThree()", level: .unit, outcome: .passed, seconds: 0.5, reached: [999])
        let judge = MutantJudge(
            process: TestProcess(bundle: bundle), traces: [trace], levels: [.unit], work: configuration.work, timeoutFactor: 3, timeoutFloor: 30)
        var absent = planted.mutant
        absent.id = 999
        let ghost = absent
        let verdict = try await offThePool("judge") { judge.judge(ghost, slot: 999) }
        #expect(verdict.status == .compileError, "\(verdict)")
        #expect(verdict.reason?.contains("never reached") == true)
        // The same test judging a mutant the build holds kills it: the check is not what failed.
        let real = try await offThePool("judge") {
            MutantJudge(process: TestProcess(bundle: bundle), traces: [TestTrace(test: trace.test, level: .unit, outcome: .passed, seconds: 0.5, reached: [planted.mutant.id])],
                        levels: [.unit], work: configuration.work, timeoutFactor: 3, timeoutFloor: 30).judge(planted.mutant, slot: planted.mutant.id)
        }
        #expect(real.status == planted.status && real.status != .compileError)
    }

    @Test("a schema that does not compile is taken apart: the mutant that breaks it is a CompileError, the rest are judged")
    func schemaThatDoesNotCompile() async throws {
        let outcome = try await MutantFixture.run(MutantFixture.configuration(files: ["Flags.swift"]))
        let errors = outcome.verdicts.filter { $0.status == .compileError }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.mutant.mutationOperator == .notRemoved && errors.first?.reason?.contains("does not compile") == true, "\(errors)")
        #expect(outcome.verdicts.contains { $0.status == .killed }, "the file's other mutants are judged")
        #expect(outcome.score != nil)
    }

    @Test("a mutant that loops forever is a Timeout, stopped after its tests' own time and a floor")
    func timeout() async throws {
        var configuration = MutantFixture.configuration(files: ["Loop.swift"])
        configuration.timeoutFloor = 3
        let outcome = try await MutantFixture.run(configuration)
        let step = try #require(outcome.verdicts.first { $0.mutant.original == "i + 1" && $0.mutant.replacement == "i - 1" })
        #expect(step.status == .timeout && step.killedBy == ["PricingTests.triangleOfFour()"], "\(step)")
        #expect(outcome.score.map { $0 > 0 } == true)
    }
}

extension Program.Run {
    func expectSuccess(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == 0, "\(stdout)\n\(stderr)", sourceLocation: sourceLocation)
    }
}
