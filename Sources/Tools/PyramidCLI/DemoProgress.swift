import SpecRunning
import Foundation
import LivingSpec
import PyramidDemo
import PyramidIO

/// What `pyramid demo` prints while it runs. By default every long step shows that it is alive:
/// the build's steps done of steps and the module being compiled, and each level's tests done of
/// its tests, on one line rewritten in a terminal and as a plain line every few seconds in a log
/// (``StatusLine``); the suites' ends and the failed tests as they come. `--verbose` prints the
/// build's and the tests' whole output instead; `--quiet` nothing until the result.
final class DemoProgress: Sendable {
    enum Detail: Sendable {
        case quiet
        case normal
        case verbose
    }

    let detail: Detail
    let status: StatusLine
    /// Each running level's tests done and tests, in the order they started.
    private let levels = Locked<[(level: PyramidLevel, done: Int, tests: Int)]>([])

    init(detail: Detail, status: StatusLine = .standardOutput()) {
        self.detail = detail
        self.status = status
    }

    /// Prints a line, above the status line when one is shown.
    func say(_ line: String) {
        guard detail != .quiet else { return }
        status.interject(line)
    }

    /// The line for `event`, and the status line's text.
    func hear(_ event: Demo.Progress) {
        guard detail != .quiet else { return }
        switch event {
        case .building(let firstBuild):
            say(firstBuild
                ? "Building the reference app and its tests for the first time (a few minutes; later runs take seconds)…"
                : "Building the reference app and its tests…")
            if detail == .normal { status.begin("planning the build") }
        case .buildProgress(let step):
            if detail == .normal { status.update("building: " + step.description) }
        case .buildOutput(let line):
            if detail == .verbose { say(line) }
        case .built(let seconds):
            status.end()
            say(String(format: "Built in %.1f s.", seconds))
        case .sharded(let shard, let tests, let all, let byDuration):
            say("Shard \(shard): \(tests) of \(all) tests, dealt \(byDuration ? "by a previous run's durations" : "by count").")
        case .testing:
            say("Running its pyramid: unit, integration, snapshot (Chromium) and UI (Chromium) tests…")
        case .level(let level, let tests):
            say("\(level.title) tests (\(tests)), with coverage…")
            let text = levels.withValue { levels -> String in
                levels.append((level, 0, tests))
                return Self.counts(levels)
            }
            if detail == .normal { status.begin(text) }
        case .testEnded(let level):
            let text = levels.withValue { levels -> String in
                if let index = levels.firstIndex(where: { $0.level == level }) { levels[index].done += 1 }
                return Self.counts(levels)
            }
            if detail == .normal { status.update(text) }
        case .testOutput(let line):
            if detail == .verbose {
                say(line)
            } else if let shown = Demo.shown(line) {
                say("  " + shown)
            }
        case .measuringCoverage:
            status.end()
            levels.setValue([])
            say("Measuring what each level covers…")
        case .rerunning(let number, let of, let tests):
            status.end()
            say("Rerun \(number) of \(of): \(tests) failed test\(tests == 1 ? "" : "s") again…")
        }
    }

    /// `tests: Unit 120/300 · Integration 12/40 · UI 3/12`.
    static func counts(_ levels: [(level: PyramidLevel, done: Int, tests: Int)]) -> String {
        "tests: " + levels.map { "\($0.level.title) \(min($0.done, $0.tests))/\($0.tests)" }.joined(separator: " · ")
    }
}
