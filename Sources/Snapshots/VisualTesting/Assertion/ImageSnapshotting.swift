import PyramidIO
public import Foundation
public import ImageDiff
import PNGCodec
public import PyramidImage
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
        image(options: options, observer: nil)
    }

    static func image(options: ComparisonOptions, observer: ComparisonObserver?) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .bitmapPNG(options: options, observer: observer))
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
        let images = Diffing<Bitmap>.bitmapPNG(options: options, observer: nil)
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
    /// fails naming them. A failing comparison paints its diff image here, once, and hands it to
    /// swift-snapshot-testing as an attachment (and to the observer, for VisualTesting's artifacts).
    static func bitmapPNG(options: ComparisonOptions, observer: ComparisonObserver?) -> Diffing {
        let made = Result { () throws(ComparisonError) in try ImageComparator(options: options) }
        return .diff(
            toData: { bitmap in
                do {
                    let data = Data(try PNGEncoder().encode(bitmap))
                    observer?.seen.withValue { $0.encoded = data }
                    return data
                } catch {
                    observer?.seen.withValue { $0.encodingProblem = "\(error)" }
                    return Data()
                }
            },
            fromData: { data in
                do {
                    return try PNGDecoder().decode(data).bitmap
                } catch {
                    observer?.seen.withValue { $0.referenceProblem = "\(error) (\(ByteSummary.firstBytes(data)))" }
                    return Bitmap(width: 0, height: 0)
                }
            },
            diffV2: { reference, actual in
                if let problem = observer?.seen.value.referenceProblem {
                    return ("the reference could not be read: \(problem)", [])
                }
                let comparator: ImageComparator
                switch made {
                case .success(let valid): comparator = valid
                case .failure(let error): return ("\(error)", [])
                }
                // The decoded reference is done with once compared: its memory serves the next cell's.
                defer { PixelBuffers.recycle(reference) }
                let report = comparator.compare(reference, actual)
                guard !report.passed else {
                    // Within tolerance, the diff shows a reviewer what was let through.
                    let diffPNG = observer != nil && report.verdict == .withinTolerance
                        ? try? PNGEncoder().encode(comparator.compareWithDiffImage(reference, actual).diffImage) : nil
                    observer?.seen.withValue {
                        $0.report = report
                        $0.diffPNG = diffPNG
                    }
                    return nil
                }
                let diffImage = comparator.compareWithDiffImage(reference, actual).diffImage
                let diffPNG = try? PNGEncoder().encode(diffImage)
                observer?.seen.withValue {
                    $0.report = report
                    $0.diffPNG = diffPNG
                }
                return (report.summary, diffPNG.map { [.data(Data($0), name: "diff.png")] } ?? [])
            })
    }
}

/// What the diffing closures saw during one `verifySnapshot` call, which itself only returns
/// a message: the comparison report, the encoded actual image and the painted diff, for artifacts.
struct ComparisonObserver: Sendable {
    struct Seen: Sendable {
        var report: ComparisonReport?
        var referenceProblem: String?
        var encodingProblem: String?
        /// The PNG bytes last written for the actual image (a reference or swift-snapshot-testing's artifact).
        var encoded: Data?
        /// The diff image of a failing comparison, as PNG.
        var diffPNG: [UInt8]?
    }

    let seen = Locked(Seen())
}
