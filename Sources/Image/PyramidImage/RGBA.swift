/// One 8-bit RGBA colour with straight alpha.
public struct RGBA: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Red, 0–255.
    public var r: UInt8
    /// Green, 0–255.
    public var g: UInt8
    /// Blue, 0–255.
    public var b: UInt8
    /// Alpha, 0 (transparent) to 255 (opaque), not premultiplied.
    public var a: UInt8

    /// A colour from its red, green, blue and alpha, 0–255; alpha defaults to opaque.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Transparent black.
    public static let clear = RGBA(0, 0, 0, 0)
    /// Opaque black.
    package static let black = RGBA(0, 0, 0)
    /// Opaque white.
    public static let white = RGBA(255, 255, 255)

    /// The four bytes as they lie in memory, read as one native-endian word.
    package var packed: UInt32 {
        var word: UInt32 = 0
        withUnsafeMutableBytes(of: &word) { raw in
            raw[0] = r
            raw[1] = g
            raw[2] = b
            raw[3] = a
        }
        return word
    }

    public var description: String {
        "rgba(\(r), \(g), \(b), \(a))"
    }
}
