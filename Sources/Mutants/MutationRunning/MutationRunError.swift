import Foundation
package import LivingSpec
package import Mutation
import MutationReport

/// Why a mutation run could not judge the mutants: what failed, and where. Every case ends the
/// run with exit status 2; the user's package is never written, whatever the case.
package enum MutationRunError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No file of the package, or none of its changed lines, holds a mutant to judge.
    case emptySelection(reason: String)
    /// A `--target` that is not one of the package's library or executable targets.
    case unknownTarget(String, known: [String])
    /// A `--file` that names no Swift file of the chosen targets.
    case unknownFile(String)
    /// `--since` names no revision of the package's git repository.
    case unknownRevision(String, output: String)
    /// `--shard` or `--jobs` out of range.
    case invalidOption(String)
    /// A file to mutate is not Swift that parses: the compiler's error, at its line.
    case syntaxError(file: String, line: Int, column: Int, message: String)
    /// The package does not build without mutants, or fails outside the files mutated.
    case buildFailed(package: String, output: String)
    /// Tests fail without any mutant: a run can judge nothing against them.
    case baselineFailed(tests: [String], logFolder: String)
    /// The package has no test to run at the chosen levels.
    case noTests(levels: [PyramidLevel])
    /// Planting the mutants failed.
    case workspace(MutationError)
    /// SwiftPM or the test binary could not be run, or a folder could not be written.
    case spec(SpecError)

    package var description: String {
        switch self {
        case .emptySelection(let reason): "nothing to mutate: \(reason)"
        case .unknownTarget(let name, let known): "--target \(name): no such library or executable target (the package has \(known.joined(separator: ", ")))"
        case .unknownFile(let name): "--file \(name): no Swift file of the chosen targets has this path"
        case .unknownRevision(let revision, let output):
            "--since \(revision): not a revision of the package's git repository" + (output.isEmpty ? "" : " (git: \(output.trimmingCharacters(in: .whitespacesAndNewlines)))")
        case .invalidOption(let text): text
        case .syntaxError(let file, let line, let column, let message): "\(file):\(line):\(column): \(message); fix the file before mutating it"
        case .buildFailed(let package, let output):
            "\(package): the package does not build without mutants; fix it first. The compiler said:\n\(output)"
        case .baselineFailed(let tests, let logs):
            "\(tests.count) test\(tests.count == 1 ? "" : "s") fail\(tests.count == 1 ? "s" : "") without any mutant, so no mutant can be judged against \(tests.count == 1 ? "it" : "them"); fix \(tests.count == 1 ? "it" : "them") first (their output is in \(logs)):\n"
                + tests.map { "  \($0)" }.joined(separator: "\n")
        case .noTests(let levels): "no test at the \(levels.map(\.title).joined(separator: ", ")) level\(levels.count == 1 ? "" : "s"): nothing can judge the mutants"
        case .workspace(let error): error.description
        case .spec(let error): error.description
        }
    }
}
