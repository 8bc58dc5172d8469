public import ArgumentParser
import Foundation
import ImageDiff
import PNGCodec
import PyramidIO
import PyramidImage
import VisualTestingCore

/// `pyramid diff`: compares two PNGs like a snapshot assertion would.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNG images.",
        discussion: """
            Prints the verdict: identical, within tolerance (pixels differ, but within the options), \
            or failed and why. Exits 0 for identical and within tolerance, 1 for failed, 2 on any error.

            --snapshot-defaults compares as a snapshot cell does: precision 0.99, perceptual precision \
            0.98 and a visible change of 2.5 points (at --scale pixels a point); an option given \
            beside it replaces that one default.
            """
    )

    @Argument(help: "The reference (expected) PNG.")
    var reference: String

    @Argument(help: "The actual PNG.")
    var actual: String

    @Option(help: "Fraction of pixels that must match, 0…1 (default: 1, or 0.99 with --snapshot-defaults).")
    var precision: Double?

    @Option(
        name: .customLong("perceptual-precision"),
        help: "A pixel matches when ΔE ≤ (1 − Q) × 100, 0…1 (default: 1, or 0.98 with --snapshot-defaults).")
    var perceptualPrecision: Double?

    @Option(
        name: .customLong("visible-change"),
        help: ArgumentHelp(
            "Fail on a region of differing pixels covering at least POINTS × POINTS points (default: none, or 2.5 with --snapshot-defaults).",
            valueName: "points"))
    var visibleChange: Double?

    @Option(help: "Pixels a point, to turn --visible-change into pixels: 3 for an iPhone 16 screenshot (default: 1).")
    var scale: Double?

    @Flag(name: .customLong("snapshot-defaults"), help: "Compare as a snapshot cell does: precision 0.99, perceptual precision 0.98, visible change 2.5 points.")
    var snapshotDefaults = false

    @Option(name: .customLong("color-distance"), help: "ΔE formula: cie94 or ciede2000.")
    var colorDistance: ColorDistanceFormula = .cie94

    @Flag(help: "Count anti-aliased pixels apart instead of as differences.")
    var antialiasing = false

    @Option(help: "Ignore a rectangle x,y,w,h (repeatable).")
    var mask: [MaskArgument] = []

    @Option(name: .customLong("max-diff-pixels"), help: "Fail when more pixels than this differ.")
    var maxDiffPixels: Int?

    @Option(name: .shortAndLong, help: "Write a diff image here.")
    var output: String?

    @Flag(help: "Print the result as JSON.")
    var json = false

    /// The options: the snapshot defaults when asked for, each replaced by an option given.
    func comparisonOptions() throws -> ComparisonOptions {
        if scale != nil && visibleChange == nil && !snapshotDefaults {
            throw CommandFailure.invalidOption(
                name: "--scale", value: "\(scale!)", reason: "turns --visible-change's points into pixels; give --visible-change or --snapshot-defaults with it")
        }
        var options = snapshotDefaults ? SnapshotConfiguration().comparisonOptions(scale: scale ?? 1) : ComparisonOptions()
        if let precision { options.precision = precision }
        if let perceptualPrecision { options.perceptualPrecision = perceptualPrecision }
        if let visibleChange { options.visibleChange = VisibleChangeRule(size: visibleChange, scale: scale ?? 1) }
        options.colorDistance = colorDistance
        options.detectsAntialiasing = antialiasing
        options.masks = mask.map(\.rect)
        options.maxDifferingPixels = maxDiffPixels
        return options
    }

    func run() throws {
        let options = try comparisonOptions()
        let comparator: ImageComparator
        do {
            comparator = try ImageComparator(options: options)
        } catch {
            throw Self.invalidOption(error)
        }
        if !InflateEngine.libdeflateIsAvailable {
            FileHandle.standardError.write(Data("pyramid diff: libdeflate cannot be loaded, so zlib decodes, several times slower; \(InflateEngine.libdeflateInstallHint)\n".utf8))
        }
        let (referenceImage, actualImage) = try Self.decodeBoth(reference, actual)

        let result: ComparisonReport
        if let output {
            let (compared, diffImage) = comparator.compareWithDiffImage(referenceImage, actualImage)
            result = compared
            do {
                try PNGEncoder().write(diffImage, to: output)
            } catch {
                throw CommandFailure.library(error)
            }
        } else {
            result = comparator.compare(referenceImage, actualImage)
        }

        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(result), as: UTF8.self))
        } else {
            print(describe(result))
        }
        if result.verdict == .failed { throw ExitCode(1) }
    }

    /// Decodes both files at once: each decode spreads its bands over the cores where it can,
    /// and a file written as one stream decodes beside the other. The reference's error is
    /// reported first when both fail.
    static func decodeBoth(_ reference: String, _ actual: String) throws -> (Bitmap, Bitmap) {
        let paths = [reference, actual]
        let decoded = parallelMap(paths, workers: 2) { path in
            Result { () throws(PNGError) in try PNGDecoder().decode(contentsOf: path).bitmap }
        }
        do {
            return (try decoded[0].get(), try decoded[1].get())
        } catch {
            throw CommandFailure.library(error)
        }
    }

    /// The option, as typed, that set the value `error` refuses.
    private static func invalidOption(_ error: ComparisonError) -> CommandFailure {
        switch error {
        case let .invalidOption(name, value, requirement):
            let flags = [
                "precision": "--precision", "perceptualPrecision": "--perceptual-precision",
                "maxDifferingPixels": "--max-diff-pixels", "masks": "--mask",
                "visibleChange.size": "--visible-change", "visibleChange.scale": "--scale",
            ]
            return .invalidOption(name: flags[name] ?? name, value: value, reason: "must be \(requirement)")
        }
    }

    private func describe(_ result: ComparisonReport) -> String {
        var lines: [String]
        switch result.verdict {
        case .identical: lines = [result.summary]
        case .withinTolerance: lines = ["within tolerance: " + result.summary]
        case .failed: lines = ["failed: " + result.summary] + result.failureReasons.map { "  fails: \($0)" }
        }
        if result.regionCount > 0 {
            lines.append("  regions: \(result.regionCount)" + (result.regionCount > result.regions.count ? " (the \(result.regions.count) largest listed)" : ""))
            lines += result.regions.map { "    \($0.isVisible ? "visible" : "small  ") \($0.description(scale: result.scale)), \($0.pixelCount) px, max ΔE \(($0.maxDeltaE * 100).rounded() / 100)" }
        }
        if let output { lines.append("  diff image: \(output)") }
        return lines.joined(separator: "\n")
    }
}

/// A mask rectangle given as `x,y,w,h`.
struct MaskArgument: ExpressibleByArgument {
    let rect: PixelRect

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3], w >= 0, h >= 0 else {
            return nil
        }
        rect = PixelRect(x: x, y: y, width: w, height: h)
    }
}

extension ColorDistanceFormula: ExpressibleByArgument {}
