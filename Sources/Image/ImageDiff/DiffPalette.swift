package import PyramidImage

/// The colours of a diff image: the reference faded to light gray, with every
/// pixel that differs painted by what kind of difference it is.
package enum DiffPalette {
    /// Counts against the match.
    package static let differing = RGBA(255, 0, 0)
    /// Excused as anti-aliasing.
    package static let antialiased = RGBA(255, 200, 0)
    /// Set apart as rendering noise: a sub-pixel shift or anti-aliasing explains it.
    package static let noise = RGBA(120, 200, 255)
    /// The outline drawn around a region large enough to fail the comparison.
    package static let visibleRegion = RGBA(230, 0, 180)
    /// Differs in value, within the perceptual tolerance.
    package static let tolerated = RGBA(200, 120, 255)
    /// How strongly the unchanged reference shows through (0 white, 1 full luma).
    package static let fade = 0.1

    /// The faded gray of an unchanged pixel, indexed by its luma over white.
    static let fadedGray: [UInt32] = (0...255).map { luma in
        let value = UInt8((255 - Double(255 - luma) * fade).rounded())
        return RGBA(value, value, value).packed
    }

    /// Masked pixels: the faded gray tinted blue, so ignored areas stay visible.
    static let maskedGray: [UInt32] = (0...255).map { luma in
        let value = 255 - Double(255 - luma) * fade
        return RGBA(UInt8(value * 0.75), UInt8(value * 0.85), 255).packed
    }
}
