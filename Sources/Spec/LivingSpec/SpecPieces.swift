import Foundation
import PyramidIO
import TestEventStream

/// A rendering's body made in pieces on every core: its suites cut into runs, each rendered
/// into a string of its own, then put together in order. The three renderings of a spec run at
/// once, so no one of them is left to finish alone on one core.
package enum SpecPieces {
    /// Below twice this many items a body is made in one piece: the threads would cost more
    /// than they save. Tests set it above their item count to render in one piece.
    @TaskLocal package static var smallest = 64

    /// `transform` of runs of `0..<count`, in order, made on every core.
    static func map<T: Sendable>(_ count: Int, _ transform: @Sendable (Range<Int>) -> T) -> [T] {
        guard count / 2 >= smallest else { return [transform(0..<count)] }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // Several runs a core, so a core whose runs end early takes another.
        let size = max(smallest, (count + cores * 4 - 1) / (cores * 4))
        let runs = stride(from: 0, to: count, by: size).map { $0..<min(count, $0 + size) }
        return parallelMap(runs, workers: cores, transform)
    }

    /// Whether a list of tests is open where `range` of `children` starts: a run that begins
    /// after a test goes on with its list. A run leaves its list open at its end unless it is
    /// the last, so the next run, or the next suite in it, closes it.
    static func listOpen(before range: Range<Int>, of children: [TestNode]) -> Bool {
        range.lowerBound > 0 && children[range.lowerBound - 1].kind == .function
    }
}
