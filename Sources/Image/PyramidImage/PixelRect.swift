/// A rectangle of whole pixels, origin at the top-left corner.
public struct PixelRect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// A rectangle from its top-left pixel and its size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether it holds no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The first column to its right.
    package var maxX: Int { x + width }
    /// The first row below it.
    package var maxY: Int { y + height }

    /// Whether the pixel at `x`, `y` is inside.
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The part of this rectangle inside a `width × height` image, or nil when none is.
    package func clipped(toWidth w: Int, height h: Int) -> PixelRect? {
        let x0 = max(x, 0), y0 = max(y, 0)
        let x1 = min(maxX, w), y1 = min(maxY, h)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle holding both.
    package func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    public var description: String { "\(x),\(y),\(width),\(height)" }
}
