import Foundation
import LivingSpec
import Mutation
import MutationReport

/// Judges a mutant level by level: at each level, the tests of that level that reach it run
/// with it on, fastest first, until one fails. A level with no test reaching it is
/// `NoCoverage` there; a mutant no test reaches at all is `NoCoverage` and is not run.
///
/// A run that fails without reaching the mutant (its trace does not have it) is not a kill:
/// the failure cannot be the mutant's. A mutant whose every run passed without ever reaching
/// it is not a survivor either: the build holds no switch for it, and it is reported
/// `CompileError`, as Muter's false survivors are not.
struct MutantJudge: Sendable {
    var process: TestProcess
    var traces: [TestTrace]
    var levels: [PyramidLevel]
    var work: String
    var timeoutFactor: Double
    var timeoutFloor: Double

    /// The time `trace`'s test may take with a mutant on.
    func timeout(_ trace: TestTrace) -> Double {
        trace.seconds * timeoutFactor + timeoutFloor
    }

    func judge(_ mutant: Mutant, slot: Int) -> MutantVerdict {
        let covering = traces.filter { $0.reached.contains(mutant.id) }
        guard !covering.isEmpty else {
            return MutantVerdict(mutant: mutant, status: .noCoverage, coveredBy: [], levels: Dictionary(uniqueKeysWithValues: levels.map { ($0.rawValue, .noCoverage) }))
        }
        var perLevel: [String: MutantStatus] = [:]
        var killedBy: [String] = []
        /// How the lowest level that caught it did: killed or timed out.
        var caught: MutantStatus?
        var crashed = false
        var reached = false
        var seconds = 0.0
        var unreached: [String] = []
        for level in levels {
            let tests = covering.filter { $0.level == level }.sorted { $0.seconds < $1.seconds }
            guard !tests.isEmpty else {
                perLevel[level.rawValue] = .noCoverage
                continue
            }
            var status = MutantStatus.survived
            for trace in tests {
                let folder = work + "/judge/\(slot)"
                try? MutantTrace.reset(folder: folder)
                let run = process.run(
                    trace.test, browser: trace.attachesBrowser, environment: [MutantSchema.environmentVariable: String(mutant.id), MutantSchema.traceVariable: folder],
                    timeout: timeout(trace), log: folder + "/output.log")
                seconds += run.seconds
                let activated = MutantTrace.read(folder: folder).contains(mutant.id)
                reached = reached || activated
                guard !run.outcome.passed else { continue }
                guard activated else {
                    // Failed, or ran out of time, without the mutant: not the mutant's doing.
                    unreached.append(trace.test)
                    continue
                }
                if run.outcome == .timedOut {
                    status = .timeout
                    if caught == nil { (caught, killedBy) = (.timeout, [trace.test]) }
                    break
                }
                status = .killed
                if caught == nil {
                    (caught, killedBy) = (.killed, [trace.test])
                    if case .crashed = run.outcome { crashed = true }
                }
                break
            }
            perLevel[level.rawValue] = status
        }
        var verdict = MutantVerdict(
            mutant: mutant, status: caught ?? .survived, killedBy: killedBy, coveredBy: covering.map(\.test), crashed: crashed,
            milliseconds: (seconds * 1000).rounded(), levels: perLevel)
        if caught == nil, !reached {
            verdict.status = .compileError
            verdict.reason = "its switch was never reached with it on, though tracing reached it: the build does not hold it"
        }
        if !unreached.isEmpty, verdict.reason == nil {
            verdict.reason = "failed without reaching the mutant (not counted): " + unreached.joined(separator: ", ")
        }
        return verdict
    }
}
