/// Remembers the Lab value of recently seen opaque colours. UI screenshots repeat
/// a few colours endlessly, so most changed pixels skip the cube roots.
struct LabCache {
    private static let bits = 10
    private var keys: [UInt32]
    private var values: [LabColor]

    init() {
        // No opaque pixel word has alpha 0, so this key never matches one.
        keys = [UInt32](repeating: 0, count: 1 << Self.bits)
        values = [LabColor](repeating: LabColor(l: 0, a: 0, b: 0), count: 1 << Self.bits)
    }

    /// The Lab colour of an opaque pixel word.
    @inline(__always)
    mutating func lab(_ word: UInt32) -> LabColor {
        let slot = Int((word &* 0x9E37_79B1) >> UInt32(32 - Self.bits))
        if keys[slot] == word { return values[slot] }
        let (r, g, b, _) = PixelWord.channels(word)
        let lab = LabColor(r: r, g: g, b: b)
        keys[slot] = word
        values[slot] = lab
        return lab
    }
}
