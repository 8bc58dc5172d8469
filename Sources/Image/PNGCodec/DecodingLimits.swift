/// Bounds a decoder enforces before it allocates, so a hostile file cannot make it
/// reserve gigabytes (a decompression bomb).
public struct DecodingLimits: Sendable, Equatable {
    /// Largest `width × height` accepted. The default admits 16384 × 16384.
    public var maxPixels: Int
    /// Largest size the image data may inflate to, filter bytes included.
    public var maxInflatedBytes: Int

    /// Limits on an image's pixels and on the bytes its data inflates to.
    public init(maxPixels: Int = 16384 * 16384, maxInflatedBytes: Int = 2 << 30) {
        self.maxPixels = maxPixels
        self.maxInflatedBytes = maxInflatedBytes
    }

    /// Room for any screen of today's devices, refusing a decompression bomb.
    public static let `default` = DecodingLimits()
}
