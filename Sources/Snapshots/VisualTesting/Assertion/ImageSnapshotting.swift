import PyramidIO
public import Foundation
@_spi(PyramidTools) public import ImageDiff
import PNGCodec
@_spi(PyramidTools) public import PyramidImage
public import SnapshotTesting

extension Snapshotting where Value == Bitmap, Format == Bitmap {
    /// Bitmaps as PNG references, compared by swift-pyramid's engine with
    /// swift-snapshot-testing's meaning of the two precisions.
    ///
    ///     assertSnapshot(of: bitmap, as: .image(precision: 0.99, perceptualPrecision: 0.98))
    ///
    /// - Parameters:
    ///   - precision: The fraction of pixels that must match, 0…1.
    ///   - perceptualPrecision: How close a pixel's colour must be to match, 0…1 (ΔE ≤ (1 − p) × 100).
    /// - Returns: A strategy whose failures name the options when they are out of range.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        image(options: ComparisonOptions(precision: Double(precision), perceptualPrecision: Double(perceptualPrecision)))
    }

    /// Bitmaps as PNG references with every comparison option (anti-aliasing, masks, CIEDE2000…).
    ///
    /// - Parameter options: How close images must be. Options out of range (a precision of 1.5, NaN)
    ///   are not replaced by defaults: every comparison fails with a message naming the option and its value.
    public static func image(options: ComparisonOptions) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .bitmapPNG(options: options))
    }
}

extension Snapshotting where Value == Data, Format == Data {
    /// PNG file contents, decoded and compared as images, so two encoders' bytes for the
    /// same pixels match. References are stored as the bytes given.
    ///
    /// - Parameters:
    ///   - precision: The fraction of pixels that must match, 0…1.
    ///   - perceptualPrecision: How close a pixel's colour must be to match, 0…1.
    /// - Returns: A strategy that reports bytes that are not a readable PNG as an unreadable
    ///   actual image, naming their first bytes, rather than comparing them as an empty image.
    public static func png(precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        let options = ComparisonOptions(precision: Double(precision), perceptualPrecision: Double(perceptualPrecision))
        let images = Diffing<Bitmap>.bitmapPNG(options: options)
        return Snapshotting(
            pathExtension: "png",
            diffing: .diff(
                toData: { $0 },
                fromData: { $0 },
                diffV2: { reference, actual in
                    let decodedActual: Bitmap
                    do {
                        decodedActual = try PNGDecoder().decode(actual).bitmap
                    } catch {
                        return ("the actual image could not be read: \(error) (\(ByteSummary.firstBytes(actual)))", [])
                    }
                    let decodedReference: Bitmap
                    do {
                        decodedReference = try PNGDecoder().decode(reference).bitmap
                    } catch {
                        return ("the reference could not be read: \(error) (\(ByteSummary.firstBytes(reference)))", [])
                    }
                    return images.diffV2(decodedReference, decodedActual)
                }))
    }
}

/// Names data by its first bytes, for messages about data that is not what it should be.
enum ByteSummary {
    /// `first bytes: 3C 68 74 6D 6C 3E …` or `no bytes`.
    static func firstBytes(_ data: Data, count: Int = 8) -> String {
        guard !data.isEmpty else { return "no bytes" }
        let shown = data.prefix(count).map { String(format: "%02X", $0) }.joined(separator: " ")
        return "first bytes: " + shown + (data.count > count ? " …" : "")
    }
}

extension Diffing where Value == Bitmap {
    /// PNG bytes on disk (our deterministic fast encoder), our comparator in memory.
    ///
    /// The options are checked once, when the diffing is made; out of range, every comparison
    /// fails naming them. Each pair is compared once: a failing comparison's diff image is
    /// painted in the same pass and handed to swift-snapshot-testing as an attachment.
    static func bitmapPNG(options: ComparisonOptions) -> Diffing {
        let made = Result { () throws(ComparisonError) in try ImageComparator(options: options) }
        return .diff(
            toData: { bitmap in (try? PNGEncoder().encode(bitmap)).map { Data($0) } ?? Data() },
            // A PNG is never 0 × 0 pixels, so an empty bitmap stands for a reference that could not be read.
            fromData: { data in (try? PNGDecoder().decode(data).bitmap) ?? Bitmap(width: 0, height: 0) },
            diffV2: { reference, actual in
                if reference.width == 0 && reference.height == 0 {
                    return ("the reference could not be read: it is not a PNG image this decoder reads", [])
                }
                let comparator: ImageComparator
                switch made {
                case .success(let valid): comparator = valid
                case .failure(let error): return ("\(error)", [])
                }
                // The decoded reference is done with once compared: its memory serves the next cell's.
                defer { PixelBuffers.recycle(reference) }
                let (report, diffImage) = comparator.compareAndDiff(reference, actual)
                guard !report.passed else { return nil }
                let diffPNG = try? diffImage?.png()
                return (report.summary, diffPNG.map { [.data(Data($0), name: "diff.png")] } ?? [])
            })
    }
}
