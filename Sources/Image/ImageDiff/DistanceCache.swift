/// Remembers ΔE for recently seen pairs of colours. A UI change repaints areas
/// in one colour over another, so the same pair recurs across many pixels and
/// the trigonometry of CIEDE2000 runs once per pair instead of once per pixel.
struct DistanceCache {
    private static let bits = 10
    private var keys: [UInt64]
    private var values: [Double]

    init() {
        // A pair of equal words never reaches the cache, so this key never matches.
        keys = [UInt64](repeating: 0, count: 1 << Self.bits)
        values = [Double](repeating: 0, count: 1 << Self.bits)
    }

    /// The remembered ΔE for the pair, if any.
    @inline(__always)
    func lookup(_ reference: UInt32, _ actual: UInt32) -> Double? {
        let (key, slot) = Self.locate(reference, actual)
        return keys[slot] == key ? values[slot] : nil
    }

    @inline(__always)
    mutating func store(_ value: Double, for reference: UInt32, _ actual: UInt32) {
        let (key, slot) = Self.locate(reference, actual)
        keys[slot] = key
        values[slot] = value
    }

    @inline(__always)
    private static func locate(_ reference: UInt32, _ actual: UInt32) -> (key: UInt64, slot: Int) {
        let key = UInt64(reference) << 32 | UInt64(actual)
        return (key, Int((key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits)))
    }
}
