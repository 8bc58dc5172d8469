@testable import ImageDiff
import PyramidImage
import Testing

@Suite("Colour distance")
struct ColorDistanceTests {
    @Test("sRGB to Lab: white, black and pure red")
    func labConversion() {
        let white = LabColor(r: 255, g: 255, b: 255)
        #expect(abs(white.l - 100) < 0.01 && abs(white.a) < 0.01 && abs(white.b) < 0.01)
        let black = LabColor(r: 0, g: 0, b: 0)
        #expect(abs(black.l) < 0.01)
        let red = LabColor(r: 255, g: 0, b: 0)
        #expect(abs(red.l - 53.24) < 0.05)
        #expect(abs(red.a - 80.09) < 0.05)
        #expect(abs(red.b - 67.20) < 0.05)
    }

    @Test("CIE94: lightness counts fully, chroma is weighted by the reference chroma")
    func cie94() {
        #expect(abs(ColorDistanceFormula.cie94.distance(LabColor(l: 50, a: 0, b: 0), LabColor(l: 60, a: 0, b: 0)) - 10) < 1e-9)
        let chroma = ColorDistanceFormula.cie94.distance(LabColor(l: 50, a: 10, b: 0), LabColor(l: 50, a: 20, b: 0))
        #expect(abs(chroma - 10 / 1.45) < 1e-9)
    }

    /// Pairs and results from Sharma, Wu and Dalal, "The CIEDE2000 color-difference
    /// formula: implementation notes, supplementary test data, and mathematical observations" (2005).
    static let sharma: [(LabColor, LabColor, Double)] = [
        (LabColor(l: 50, a: 2.6772, b: -79.7751), LabColor(l: 50, a: 0, b: -82.7485), 2.0425),
        (LabColor(l: 50, a: 3.1571, b: -77.2803), LabColor(l: 50, a: 0, b: -82.7485), 2.8615),
        (LabColor(l: 50, a: 2.8361, b: -74.0200), LabColor(l: 50, a: 0, b: -82.7485), 3.4412),
        (LabColor(l: 50, a: 0, b: 0), LabColor(l: 50, a: -1, b: 2), 2.3669),
        (LabColor(l: 50, a: 2.49, b: -0.001), LabColor(l: 50, a: -2.49, b: 0.0009), 7.1792),
        (LabColor(l: 50, a: 2.5, b: 0), LabColor(l: 73, a: 25, b: -18), 27.1492),
        (LabColor(l: 50, a: 2.5, b: 0), LabColor(l: 50, a: 3.1736, b: 0.5854), 1.0000),
        (LabColor(l: 60.2574, a: -34.0099, b: 36.2677), LabColor(l: 60.4626, a: -34.1751, b: 39.4387), 1.2644),
    ]

    @Test("CIEDE2000 matches the published test data")
    func ciede2000() {
        for (x, y, expected) in Self.sharma {
            let d = ColorDistanceFormula.ciede2000.distance(x, y)
            #expect(abs(d - expected) < 1e-4, "\(x) vs \(y): \(d), expected \(expected)")
            #expect(abs(ColorDistanceFormula.ciede2000.distance(y, x) - expected) < 1e-4, "CIEDE2000 is symmetric")
        }
    }

    @Test("identical colours are 0 apart; an alpha-only change is not invisible")
    func alpha() {
        for formula in ColorDistanceFormula.allCases {
            #expect(formula.distance(RGBA(12, 34, 56), RGBA(12, 34, 56)) == 0)
            #expect(formula.distance(RGBA(255, 255, 255, 0), RGBA(255, 255, 255, 255)) > 50)
            #expect(formula.distance(RGBA(0, 0, 0, 0), RGBA(255, 255, 255, 0)) == 0)
        }
    }
}
