import Foundation
import ImageDiff
import PNGCodec
import PyramidImage
import SnapshotTesting

extension Snapshotting where Value == Bitmap, Format == Bitmap {
    /// Bitmaps as PNG references, compared by swift-pyramid's engine with
    /// swift-snapshot-testing's meaning of the two precisions.
    ///
    ///     assertSnapshot(of: bitmap, as: .image(precision: 0.99, perceptualPrecision: 0.98))
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        image(options: ComparisonOptions(precision: Double(precision), perceptualPrecision: Double(perceptualPrecision)))
    }

    /// Bitmaps as PNG references with every comparison option (anti-aliasing, masks, CIEDE2000…).
    public static func image(options: ComparisonOptions) -> Snapshotting {
        image(options: options, observer: nil)
    }

    static func image(options: ComparisonOptions, observer: ComparisonObserver?) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .bitmapPNG(options: options, observer: observer))
    }
}

extension Snapshotting where Value == Data, Format == Bitmap {
    /// PNG file contents, decoded and compared as images.
    public static func png(precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        Snapshotting<Bitmap, Bitmap>.image(precision: precision, perceptualPrecision: perceptualPrecision)
            .pullback { data in
                // A value that is not a PNG snapshots as an empty image, which never matches a reference.
                (try? PNGDecoder().decode(data).bitmap) ?? Bitmap(width: 0, height: 0)
            }
    }
}

extension Diffing where Value == Bitmap {
    /// PNG bytes on disk (our deterministic fast encoder), our comparator in memory.
    static func bitmapPNG(options: ComparisonOptions, observer: ComparisonObserver?) -> Diffing {
        let comparator = (try? ImageComparator(options: options)) ?? ImageComparator()
        return .diff(
            toData: { bitmap in
                do {
                    let data = Data(try PNGEncoder().encode(bitmap))
                    observer?.encoded(data)
                    return data
                } catch {
                    observer?.encodingFailed(error)
                    return Data()
                }
            },
            fromData: { data in
                do {
                    return try PNGDecoder().decode(data).bitmap
                } catch {
                    observer?.referenceUnreadable(error)
                    return Bitmap(width: 0, height: 0)
                }
            },
            diffV2: { reference, actual in
                if let problem = observer?.referenceProblem {
                    return ("the reference could not be read: \(problem)", [])
                }
                let report = comparator.compare(reference, actual)
                observer?.compared(report, reference: reference, comparator: comparator)
                return report.passed ? nil : (report.summary, [])
            })
    }
}

/// Collects what the diffing closures saw during one `verifySnapshot` call, which only
/// returns a message: the comparison report and the reference, for artifacts.
final class ComparisonObserver: @unchecked Sendable {
    private let lock = NSLock()
    private var _report: ComparisonReport?
    private var _reference: Bitmap?
    private var _comparator: ImageComparator?
    private var _referenceProblem: String?
    private var _encodingProblem: String?
    private var _encoded: Data?

    var report: ComparisonReport? { lock.withLock { _report } }
    var reference: Bitmap? { lock.withLock { _reference } }
    var comparator: ImageComparator? { lock.withLock { _comparator } }
    var referenceProblem: String? { lock.withLock { _referenceProblem } }
    var encodingProblem: String? { lock.withLock { _encodingProblem } }
    /// The PNG bytes last written for the actual image (a reference or swift-snapshot-testing's artifact).
    var encoded: Data? { lock.withLock { _encoded } }

    func encoded(_ data: Data) {
        lock.withLock { _encoded = data }
    }

    func compared(_ report: ComparisonReport, reference: Bitmap, comparator: ImageComparator) {
        lock.withLock {
            _report = report
            _reference = report.passed ? nil : reference
            _comparator = comparator
        }
    }

    func referenceUnreadable(_ error: any Error) {
        lock.withLock { _referenceProblem = "\(error)" }
    }

    func encodingFailed(_ error: any Error) {
        lock.withLock { _encodingProblem = "\(error)" }
    }
}
