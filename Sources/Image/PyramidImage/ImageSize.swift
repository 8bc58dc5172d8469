/// Width and height in pixels.
public struct ImageSize: Sendable, Hashable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height)" }
}

extension Bitmap {
    public var size: ImageSize { ImageSize(width: width, height: height) }
}
