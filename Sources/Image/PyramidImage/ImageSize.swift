/// Width and height in pixels.
public struct ImageSize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// A size in pixels.
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height)" }
}

extension Bitmap {
    /// Its width and height.
    public var size: ImageSize { ImageSize(width: width, height: height) }
}
