import PyramidImage

/// The smallest rectangle holding the pixels added to it, grown one pixel or one rectangle at a
/// time: the bounds of a band's differing pixels, and of a region's.
struct PixelBounds {
    private var minX: Int32 = .max, minY: Int32 = .max, maxX: Int32 = -1, maxY: Int32 = -1

    /// Empty bounds.
    init() {}

    /// The bounds of `rect`'s pixels.
    init(_ rect: PixelRect) {
        guard rect.width > 0, rect.height > 0 else { return }
        include(x: rect.x, y: rect.y)
        include(x: rect.maxX - 1, y: rect.maxY - 1)
    }

    @inline(__always)
    mutating func include(x: Int, y: Int) {
        minX = min(minX, Int32(x))
        maxX = max(maxX, Int32(x))
        minY = min(minY, Int32(y))
        maxY = max(maxY, Int32(y))
    }

    mutating func merge(_ other: PixelBounds) {
        minX = min(minX, other.minX)
        maxX = max(maxX, other.maxX)
        minY = min(minY, other.minY)
        maxY = max(maxY, other.maxY)
    }

    /// The rectangle, nil when no pixel was added.
    var rect: PixelRect? {
        guard maxX >= 0 else { return nil }
        return PixelRect(x: Int(minX), y: Int(minY), width: Int(maxX - minX) + 1, height: Int(maxY - minY) + 1)
    }
}
