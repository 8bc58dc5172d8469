import LivingSpec
/// How far a `swift build` has got, read from a line of its output: `[312/1004] Compiling
/// SwiftSyntax Trivia.swift, …` says 312 of 1,004 steps are under way, the latest compiling the
/// module SwiftSyntax.
package struct SwiftBuildProgress: Sendable, Equatable {
    /// The step's number.
    package var done: Int
    /// How many steps the build has so far (SwiftPM's count grows as plugins and modules are planned).
    package var total: Int
    /// What the step does, without its list of files: `Compiling SwiftSyntax`, `Linking shop-app`.
    package var step: String

    package init(done: Int, total: Int, step: String) {
        self.done = done
        self.total = total
        self.step = step
    }

    /// The progress a line of SwiftPM's output gives, or nil for any other line (a warning, `Build complete!`).
    package static func parse(_ line: String) -> SwiftBuildProgress? {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
        let counts = line[line.index(after: line.startIndex)..<close].split(separator: "/", omittingEmptySubsequences: false)
        guard counts.count == 2, let done = Int(counts[0]), let total = Int(counts[1]), done >= 0, total >= done else { return nil }
        let text = line[line.index(after: close)...].drop { $0 == " " }
        guard !text.isEmpty else { return nil }
        let words = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        // "Compiling Module a.swift, b.swift" and "Compiling Module" alike name the module only.
        let step = words.first == "Compiling" && words.count >= 2 ? words[0...1].joined(separator: " ") : String(text)
        return SwiftBuildProgress(done: done, total: total, step: step.count > 80 ? String(step.prefix(79)) + "…" : step)
    }

    /// `312/1004 steps, Compiling SwiftSyntax`.
    package var description: String { "\(done)/\(total) steps, \(step)" }
}
