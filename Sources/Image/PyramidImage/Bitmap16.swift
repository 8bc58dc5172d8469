/// A 16-bit-per-sample RGBA image, kept for 16-bit sources (such as Display P3
/// references written by newer Xcode) so their precision is not thrown away.
public struct Bitmap16: Sendable, Equatable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// `width * height * 4` samples: R, G, B, A for each pixel, top row first.
    public private(set) var samples: [UInt16]

    /// Wraps existing RGBA samples. Throws when the sample count does not fit the size.
    public init(width: Int, height: Int, samples: [UInt16]) throws(BitmapError) {
        guard width >= 0, height >= 0 else { throw .negativeSize(width: width, height: height) }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= Int.max / 4, count * 4 == samples.count else {
            throw .byteCountMismatch(width: width, height: height, channels: 4, byteCount: samples.count)
        }
        self.width = width
        self.height = height
        self.samples = samples
    }

    /// The 8-bit image a viewer would show: each sample rounded to the nearest 8-bit value.
    package func downsampled() -> Bitmap {
        let bytes = samples.map { UInt8((UInt32($0) * 255 + 32895) >> 16) }
        // The counts match by construction.
        return try! Bitmap(width: width, height: height, pixels: bytes)
    }
}
