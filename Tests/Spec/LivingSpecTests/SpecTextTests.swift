import Foundation
import Testing

@testable import LivingSpec

/// The spec's hand-made formatting, against Foundation's formatters as the oracle.
@Suite("Spec text formatting")
struct SpecTextTests {
    /// Instants across the years a run can be stamped with, the epoch, leap days, ends of
    /// years and centuries, before 1970, and fractions that must be cut, not rounded.
    static let instants: [Double] = {
        var values: [Double] = [0, -1, -0.5, 0.999, 86_399.999, 86_400, 951_782_400, 951_868_799.9, 1_709_164_800,
                                4_102_444_799, 4_102_444_800, -2_208_988_800, 253_402_300_799, -62_135_596_800, 1_795_001_000.0003]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 { values.append(Double.random(in: -2_000_000_000...8_000_000_000, using: &generator)) }
        return values
    }()

    @Test("a timestamp is what Date.formatted(.iso8601) writes, for every instant tried")
    func timestampMatchesFoundation() {
        #expect(Self.instants.count > 2_000)
        var mismatches: [String] = []
        for instant in Self.instants {
            let expected = Date(timeIntervalSince1970: instant.rounded(.down)).formatted(.iso8601)
            let ours = SpecText.timestamp(instant)
            if ours != expected { mismatches.append("\(instant): \(ours) ≠ \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(SpecText.timestamp(0) == "1970-01-01T00:00:00Z")
        #expect(SpecText.timestamp(951_782_400) == "2000-02-29T00:00:00Z")
    }

    @Test("a duration is what %.Nf writes, in ms below a second and s above")
    func durationMatchesPrintf() {
        for value in [0.0, 0.00005, 0.0004999, 0.0009994, 0.0123, 0.5, 0.9994, 1.0, 1.005, 12.3456, 3_600.25] {
            let expected = value < 0.001 ? String(format: "%.2f ms", value * 1000)
                : value < 1 ? String(format: "%.0f ms", value * 1000) : String(format: "%.2f s", value)
            #expect(SpecText.duration(value) == expected, "\(value)")
        }
    }
}
