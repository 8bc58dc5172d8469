import Foundation

/// The share of unit, integration and UI tests a team aims for. The usual test pyramid (Mike
/// Cohn's, as most testing guides give it) is 70 % · 20 % · 10 %; `pyramid spec --shape 60/30/10`
/// sets another. Snapshot tests are counted apart, outside the ratio.
package struct PyramidShape: Sendable, Equatable, CustomStringConvertible {
    /// Shares of the tests in the ratio, summing to 1.
    package var unit: Double
    /// The share of integration tests.
    package var integration: Double
    /// The share of UI tests.
    package var ui: Double

    /// The usual test pyramid: Unit 70 %, Integration 20 %, UI 10 %.
    package static let usual = PyramidShape(checkedUnit: 0.7, integration: 0.2, ui: 0.1)

    private init(checkedUnit unit: Double, integration: Double, ui: Double) {
        self.unit = unit
        self.integration = integration
        self.ui = ui
    }

    /// A shape from three percentages of unit, integration and UI tests that sum to 100.
    /// - Throws: ``PyramidShapeError`` for a negative share or a sum other than 100.
    package init(unit: Int, integration: Int, ui: Int) throws(PyramidShapeError) {
        guard unit >= 0, integration >= 0, ui >= 0 else { throw .negative }
        guard unit + integration + ui == 100 else { throw .sum(unit + integration + ui) }
        self.init(checkedUnit: Double(unit) / 100, integration: Double(integration) / 100, ui: Double(ui) / 100)
    }

    /// A shape written as `UNIT/INTEGRATION/UI` in whole percentages, such as `60/30/10`.
    /// - Throws: ``PyramidShapeError`` saying what is wrong with `text`.
    package init(parsing text: String) throws(PyramidShapeError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.replacingOccurrences(of: "%", with: "").trimmingCharacters(in: .whitespaces) }
        guard parts.count == 3 else { throw .format(text) }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == 3 else { throw .format(text) }
        try self.init(unit: numbers[0], integration: numbers[1], ui: numbers[2])
    }

    /// A level's share in this shape; nil for snapshot tests, which are outside the ratio.
    package func share(of level: PyramidLevel) -> Double? {
        switch level {
        case .unit: unit
        case .integration: integration
        case .snapshot: nil
        case .ui: ui
        }
    }

    /// "70 / 20 / 10".
    package var description: String {
        [unit, integration, ui].map { "\(Int(($0 * 100).rounded()))" }.joined(separator: " / ")
    }
}

/// Why a target shape could not be read.
package enum PyramidShapeError: Error, Equatable, CustomStringConvertible {
    /// Not three whole numbers separated by slashes.
    case format(String)
    /// A share below zero.
    case negative
    /// Shares that do not sum to 100.
    case sum(Int)

    package var description: String {
        switch self {
        case .format: "not three whole percentages of unit, integration and UI tests separated by slashes, such as 70/20/10"
        case .negative: "a share cannot be negative"
        case .sum(let total): "the shares sum to \(total), not 100"
        }
    }
}
