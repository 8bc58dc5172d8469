import Foundation
import LivingSpec
import Mutation
import MutationReport
import PyramidIO
import PyramidJSON

/// One test run once with no mutant on and the switch tracing: whether it passes without
/// mutants (the baseline), how long it takes (its time limit with one), and which mutants its
/// process and the processes it launched reached (the only mutants it is run against).
struct TestTrace: Sendable, Equatable {
    var test: String
    var level: PyramidLevel
    var outcome: TestProcess.Outcome
    var seconds: Double
    var reached: Set<Int>
    /// Whether the test attached to the browser it was lent (a UI or snapshot test that drives
    /// one; its session said so in a marker file): only such a test is lent one with a mutant on.
    var attachesBrowser = false
}

enum TestTraces {
    /// The longest a test may take without a mutant: a hang guard, far above any test's need.
    static let hangGuard: Double = 900

    /// Traces each of `tests` in a process of its own, `jobs` at a time.
    static func run(
        _ tests: [(name: String, level: PyramidLevel)], process: TestProcess, jobs: Int, work: String,
        onEvent: @escaping @Sendable (MutationRun.Event) -> Void
    ) throws(MutationRunError) -> [TestTrace] {
        onEvent(.tracing(tests: tests.count))
        let done = Locked(0)
        let results = parallelMap(Array(tests.enumerated()), workers: jobs) { entry -> Result<TestTrace, MutationError> in
            let (index, test) = entry
            let folder = work + "/trace/\(index)"
            do throws(MutationError) {
                try MutantTrace.reset(folder: folder)
            } catch {
                return .failure(error)
            }
            let (outcome, seconds, attached) = process.run(
                test.name, browser: TestBrowsers.usesBrowser(test.level),
                environment: [MutantSchema.environmentVariable: String(MutantSchema.tracing), MutantSchema.traceVariable: folder],
                timeout: hangGuard, log: folder + "/output.log")
            let trace = TestTrace(
                test: test.name, level: test.level, outcome: outcome, seconds: seconds, reached: MutantTrace.read(folder: folder),
                attachesBrowser: attached)
            let count = done.withValue { value -> Int in value += 1; return value }
            onEvent(.traced(done: count, total: tests.count))
            return .success(trace)
        }
        var traces: [TestTrace] = []
        for result in results {
            switch result {
            case .success(let trace): traces.append(trace)
            case .failure(let error): throw .workspace(error)
            }
        }
        // Kept for a person, or a benchmark, to read: each test's level, time and the mutants it reached.
        let kept = JSONValue.array(traces.map { trace in
            .object([
                "test": .string(trace.test), "level": .string(trace.level.rawValue), "seconds": .number(trace.seconds),
                "passed": .bool(trace.outcome.passed), "reached": .array(trace.reached.sorted().map { .number(Double($0)) }),
            ])
        })
        try? AtomicFile.write(kept.prettyText + "\n", to: work + "/traces.json")
        let failing = traces.filter { !$0.outcome.passed }
        guard failing.isEmpty else {
            // Each failing test's output, where the error says it is.
            let logs = work + "/baseline-failures"
            try? FileManager.default.removeItem(atPath: logs)
            try? FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
            for (index, trace) in traces.enumerated() where !trace.outcome.passed {
                try? FileManager.default.copyItem(atPath: work + "/trace/\(index)/output.log", toPath: logs + "/\(index).log")
            }
            throw .baselineFailed(tests: failing.map(\.test), logFolder: logs)
        }
        return traces
    }
}
