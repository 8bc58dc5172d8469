/// Which testing library ran a test. Real suites are mixed for years while they move from
/// XCTest to Swift Testing, so the spec marks every test with it.
package enum TestFramework: String, Sendable, CaseIterable, Comparable {
    /// Swift Testing.
    case swiftTesting = "Swift Testing"
    /// XCTest.
    case xctest = "XCTest"

    package static func < (lhs: TestFramework, rhs: TestFramework) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// How many tests each framework ran, for one module or a whole run: the migration to Swift Testing, measured.
package struct FrameworkCounts: Sendable, Equatable {
    /// Swift Testing's tests.
    package var swiftTesting: Int
    /// XCTest's tests.
    package var xctest: Int

    /// Counts of each framework's tests.
    package init(swiftTesting: Int = 0, xctest: Int = 0) {
        self.swiftTesting = swiftTesting
        self.xctest = xctest
    }

    /// Both frameworks' tests.
    package var total: Int { swiftTesting + xctest }

    /// The share of tests already on Swift Testing, 0…1; nil when there are no tests.
    package var migrated: Double? { total == 0 ? nil : Double(swiftTesting) / Double(total) }

    /// `12 XCTest · 4 Swift Testing (25% migrated)`.
    package var summary: String {
        let share = migrated.map { " (\(Int(($0 * 100).rounded()))% migrated)" } ?? ""
        return "\(xctest) XCTest · \(swiftTesting) Swift Testing" + share
    }

    mutating func add(_ framework: TestFramework) {
        switch framework {
        case .swiftTesting: swiftTesting += 1
        case .xctest: xctest += 1
        }
    }
}
