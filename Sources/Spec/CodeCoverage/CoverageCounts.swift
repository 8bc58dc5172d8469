import Foundation

/// How many of something a measure found, and how many of them ran: lines, regions or functions.
package struct CoverageCounts: Sendable, Equatable, Hashable, Codable {
    /// How many ran at least once.
    package var covered: Int
    /// How many there are.
    package var count: Int

    /// Counts with both parts given.
    package init(covered: Int, count: Int) {
        self.covered = covered
        self.count = count
    }

    /// `covered / count`; nil when there is nothing to cover (never shown as 0 %).
    package var fraction: Double? { count == 0 ? nil : Double(covered) / Double(count) }

    /// "78.12 %", as `llvm-cov report` prints it; "-" when there is nothing to cover.
    package var percentText: String {
        guard let fraction else { return "-" }
        return String(format: "%.2f %%", fraction * 100)
    }

    /// The sum of two counts.
    package static func + (left: CoverageCounts, right: CoverageCounts) -> CoverageCounts {
        CoverageCounts(covered: left.covered + right.covered, count: left.count + right.count)
    }

    /// Nothing.
    package static let zero = CoverageCounts(covered: 0, count: 0)
}
