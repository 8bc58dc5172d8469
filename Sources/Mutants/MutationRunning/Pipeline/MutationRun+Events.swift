package import MutationReport
package import SpecRunning

extension MutationRun {
    /// What a run is doing, for its progress lines: a long run is never silent.
    package enum Event: Sendable {
        /// The copy is ready: this many files hold this many mutants (the selected ones: `judged`).
        case planted(files: Int, mutants: Int, judged: Int)
        /// The copy with every mutant is being built; SwiftPM's progress when it says.
        case building(SwiftBuildProgress?)
        /// A file's schema does not compile: its mutants are tried apart to find the ones that don't.
        case schemaFailed(file: String, mutants: Int)
        /// Each test is run once without a mutant, to time it and see which mutants it reaches.
        case tracing(tests: Int)
        case traced(done: Int, total: Int)
        /// No browser could be kept across the tests' processes (why): each UI or snapshot
        /// test starts its own, which takes longer.
        case browsersNotKept(reason: String)
        /// The mutants are being judged against the tests that reach them.
        case judging(mutants: Int, reached: Int)
        case judged(MutantVerdict, done: Int, total: Int)
    }
}
