/// Why a bitmap could not be built from the given values.
public enum BitmapError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A width or height below zero.
    case negativeSize(width: Int, height: Int)
    /// The bytes are not `width × height × channels` long.
    case byteCountMismatch(width: Int, height: Int, channels: Int, byteCount: Int)

    public var description: String {
        switch self {
        case let .negativeSize(width, height):
            return "bitmap size \(width)×\(height) is negative"
        case let .byteCountMismatch(width, height, channels, byteCount):
            return "\(byteCount) samples do not make a \(width)×\(height) image of \(channels) channels"
        }
    }
}
