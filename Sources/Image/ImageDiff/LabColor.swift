#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A colour in CIE L*a*b* (D65 white), the space the ΔE formulas measure in.
package struct LabColor: Sendable, Equatable {
    /// Lightness, 0 (black) to 100 (white).
    package var l: Double
    /// Green (negative) to red (positive).
    package var a: Double
    /// Blue (negative) to yellow (positive).
    package var b: Double

    /// A colour from its CIELAB coordinates.
    package init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// Converts an 8-bit sRGB colour (alpha ignored).
    package init(r: UInt8, g: UInt8, b: UInt8) {
        self.init(linearRed: SRGB.linear[Int(r)], green: SRGB.linear[Int(g)], blue: SRGB.linear[Int(b)])
    }

    /// Converts linear-light sRGB components in 0…1.
    init(linearRed r: Double, green g: Double, blue bl: Double) {
        // sRGB (D65) to XYZ, normalised by the D65 white point.
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * bl) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * bl
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * bl) / 1.08883
        let fx = Self.f(x), fy = Self.f(y), fz = Self.f(z)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    @inline(__always)
    private static func f(_ t: Double) -> Double {
        t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116
    }
}

/// The sRGB transfer function, tabulated for 8-bit values.
enum SRGB {
    static let linear: [Double] = (0...255).map { value in
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
}
