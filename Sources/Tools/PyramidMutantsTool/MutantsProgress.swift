import Foundation
import MutationReport
import MutationRunning
import PyramidIO
import SpecRunning

/// `pyramid mutants`' progress on standard error, a line per step: the build's progress at most
/// every few seconds, each test traced in tens, each mutant judged as it is.
final class MutantsProgress: Sendable {
    private let lastBuildLine = Locked(Date.distantPast)

    func show(_ event: MutationRun.Event) {
        switch event {
        case .building(nil):
            say("Building the copy of the package with its mutants and its tests…")
        case .building(let progress?):
            let now = Date()
            let due = lastBuildLine.withValue { last -> Bool in
                guard now.timeIntervalSince(last) >= 5 else { return false }
                last = now
                return true
            }
            if due { say("  building: \(progress.description)") }
        case .schemaFailed(let file, let mutants):
            say("\(file): its mutants do not all compile; trying its \(mutants) mutants in halves to find the ones that don't")
        case .planted(let files, let mutants, let judged):
            say("\(mutants) mutants planted in \(files) files" + (judged == mutants ? "" : "; \(judged) of them to judge"))
        case .tracing(let tests):
            say("Running each of the \(tests) tests once without a mutant, to time it and see which mutants it reaches…")
        case .traced(let done, let total):
            if done == total || done % 10 == 0 { say("  \(done)/\(total) tests traced") }
        case .browsersNotKept(let reason):
            say("warning: no browser could be kept across the tests' processes, so each UI or snapshot test starts its own: \(reason)")
        case .judging(let mutants, let reached):
            say("Judging \(mutants) mutants (\(reached) reached by a test)…")
        case .judged(let verdict, let done, let total):
            let mutant = verdict.mutant
            let place = "\(mutant.file):\(mutant.start.line):\(mutant.start.column)"
            say("  [\(done)/\(total)] \(verdict.status.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \(place)")
        }
    }

    private func say(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
