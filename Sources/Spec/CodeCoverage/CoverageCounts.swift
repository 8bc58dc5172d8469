import Foundation

/// How many of something a measure found, and how many of them ran: lines, regions or functions.
public struct CoverageCounts: Sendable, Equatable, Hashable, Codable {
    /// How many ran at least once.
    public var covered: Int
    /// How many there are.
    public var count: Int

    /// Counts with both parts given.
    public init(covered: Int, count: Int) {
        self.covered = covered
        self.count = count
    }

    /// `covered / count`; nil when there is nothing to cover (never shown as 0 %).
    public var fraction: Double? { count == 0 ? nil : Double(covered) / Double(count) }

    /// "78.12 %", as `llvm-cov report` prints it; "-" when there is nothing to cover.
    public var percentText: String {
        guard let fraction else { return "-" }
        return String(format: "%.2f %%", fraction * 100)
    }

    /// The sum of two counts.
    public static func + (left: CoverageCounts, right: CoverageCounts) -> CoverageCounts {
        CoverageCounts(covered: left.covered + right.covered, count: left.count + right.count)
    }

    /// Nothing.
    public static let zero = CoverageCounts(covered: 0, count: 0)
}
