#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
package import PyramidImage

/// A formula for the perceived distance ΔE between two colours. Under both, about
/// 1.0 is the smallest difference a person notices side by side.
public enum ColorDistanceFormula: String, Sendable, Codable, CaseIterable {
    /// CIE94 (graphic arts weights), what CoreImage's perceptual diff uses, so
    /// results match swift-snapshot-testing on Apple platforms.
    case cie94
    /// CIEDE2000, the most faithful standard formula, slower.
    case ciede2000

    /// ΔE between a reference colour and an actual one.
    package func distance(_ reference: LabColor, _ actual: LabColor) -> Double {
        switch self {
        case .cie94: return Self.cie94(reference, actual)
        case .ciede2000: return Self.ciede2000(reference, actual)
        }
    }

    /// ΔE between two 8-bit RGBA colours. Translucent colours are compared over
    /// both a white and a black backdrop and the larger distance counts, so an alpha
    /// change is never invisible.
    package func distance(_ reference: RGBA, _ actual: RGBA) -> Double {
        if reference.a == 255 && actual.a == 255 {
            return distance(LabColor(r: reference.r, g: reference.g, b: reference.b), LabColor(r: actual.r, g: actual.g, b: actual.b))
        }
        var worst = 0.0
        for backdrop in [1.0, 0.0] {
            let ref = Self.composite(reference, over: backdrop)
            let act = Self.composite(actual, over: backdrop)
            worst = max(worst, distance(ref, act))
        }
        return worst
    }

    private static func composite(_ color: RGBA, over backdrop: Double) -> LabColor {
        let alpha = Double(color.a) / 255
        func channel(_ value: UInt8) -> Double { SRGB.linear[Int(value)] * alpha + backdrop * (1 - alpha) }
        return LabColor(linearRed: channel(color.r), green: channel(color.g), blue: channel(color.b))
    }

    static func cie94(_ x: LabColor, _ y: LabColor) -> Double {
        let dL = x.l - y.l
        let c1 = (x.a * x.a + x.b * x.b).squareRoot()
        let c2 = (y.a * y.a + y.b * y.b).squareRoot()
        let dC = c1 - c2
        let da = x.a - y.a, db = x.b - y.b
        let dH2 = max(0, da * da + db * db - dC * dC)
        let sC = 1 + 0.045 * c1
        let sH = 1 + 0.015 * c1
        return (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
    }

    @inline(__always)
    private static func seventhPower(_ x: Double) -> Double {
        let x2 = x * x
        return x2 * x2 * x2 * x
    }

    static func ciede2000(_ x: LabColor, _ y: LabColor) -> Double {
        let pow7_25 = 6103515625.0  // 25^7
        let c1 = (x.a * x.a + x.b * x.b).squareRoot()
        let c2 = (y.a * y.a + y.b * y.b).squareRoot()
        let cMean = (c1 + c2) / 2
        let cMean7 = Self.seventhPower(cMean)
        let g = 0.5 * (1 - (cMean7 / (cMean7 + pow7_25)).squareRoot())
        let a1 = (1 + g) * x.a, a2 = (1 + g) * y.a
        let cp1 = (a1 * a1 + x.b * x.b).squareRoot()
        let cp2 = (a2 * a2 + y.b * y.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) * 180 / .pi
            return h < 0 ? h + 360 : h
        }
        let hp1 = hue(x.b, a1), hp2 = hue(y.b, a2)

        let dLp = y.l - x.l
        let dCp = cp2 - cp1
        var dhp = 0.0
        if cp1 * cp2 != 0 {
            dhp = hp2 - hp1
            if dhp > 180 { dhp -= 360 } else if dhp < -180 { dhp += 360 }
        }
        let dHp = 2 * (cp1 * cp2).squareRoot() * sin(dhp * .pi / 360)

        let lMean = (x.l + y.l) / 2
        let cpMean = (cp1 + cp2) / 2
        var hpMean = hp1 + hp2
        if cp1 * cp2 != 0 {
            if abs(hp1 - hp2) <= 180 { hpMean /= 2 } else if hp1 + hp2 < 360 { hpMean = (hpMean + 360) / 2 } else { hpMean = (hpMean - 360) / 2 }
        }
        let rad = Double.pi / 180
        let t = 1 - 0.17 * cos((hpMean - 30) * rad) + 0.24 * cos(2 * hpMean * rad)
            + 0.32 * cos((3 * hpMean + 6) * rad) - 0.20 * cos((4 * hpMean - 63) * rad)
        let hueOffset = (hpMean - 275) / 25
        let dTheta = 30 * exp(-hueOffset * hueOffset)
        let cpMean7 = Self.seventhPower(cpMean)
        let rC = 2 * (cpMean7 / (cpMean7 + pow7_25)).squareRoot()
        let lDev = (lMean - 50) * (lMean - 50)
        let sL = 1 + 0.015 * lDev / (20 + lDev).squareRoot()
        let sC = 1 + 0.045 * cpMean
        let sH = 1 + 0.015 * cpMean * t
        let rT = -sin(2 * dTheta * rad) * rC
        let l = dLp / sL, c = dCp / sC, h = dHp / sH
        return (l * l + c * c + h * h + rT * c * h).squareRoot()
    }
}
