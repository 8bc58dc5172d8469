import ArgumentParser
import Foundation
import ImageDiff
import PNGCodec
import PyramidIO
import PyramidImage
@_spi(PyramidTools) import VisualTestingCore

/// `pyramid diff`: compares two PNGs like a snapshot assertion would.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNG images.",
        discussion: """
            Prints the verdict: identical, within tolerance (pixels differ, but within the options), \
            or failed and why, with the rule that judged. Exits 0 for identical and within tolerance, \
            1 for failed, 2 on any error (a diff image that cannot be written is an error, printed \
            after the verdict).

            By default it compares as a snapshot assertion does: precision 0.99, perceptual precision \
            0.98 and a visible change of 2.5 points (at --scale pixels a point), rendering noise set \
            apart. --exact demands every pixel identical instead. An option given beside either \
            replaces that one value.
            """
    )

    @Argument(help: "The reference (expected) PNG.")
    var reference: String

    @Argument(help: "The actual PNG.")
    var actual: String

    @Option(help: "Fraction of pixels that must match, 0…1 (default: 0.99, or 1 with --exact).")
    var precision: Double?

    @Option(
        name: .customLong("perceptual-precision"),
        help: "A pixel matches when ΔE ≤ (1 − Q) × 100, 0…1 (default: 0.98, or 1 with --exact).")
    var perceptualPrecision: Double?

    @Option(
        name: .customLong("visible-change"),
        help: ArgumentHelp(
            "Fail on a region of differing pixels covering at least POINTS × POINTS points (default: 2.5, or none with --exact).",
            valueName: "points"))
    var visibleChange: Double?

    @Option(help: "Pixels a point, to turn --visible-change into pixels: 3 for an iPhone 16 screenshot (default: 1).")
    var scale: Double?

    @Flag(help: "Demand every pixel identical (precision 1, perceptual precision 1, no visible-change rule) instead of the snapshot defaults.")
    var exact = false

    @Flag(name: .customLong("snapshot-defaults"), help: ArgumentHelp("The default: compare as a snapshot assertion does (kept for scripts that give it).", visibility: .hidden))
    var snapshotDefaults = false

    @Option(name: .customLong("color-distance"), help: "ΔE formula: cie94 or ciede2000.")
    var colorDistance = ColorDistanceArgument(formula: .cie94)

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

    func validate() throws {
        if exact && snapshotDefaults {
            throw ValidationError("--exact and --snapshot-defaults are two different rules; give one of them")
        }
    }

    /// The options: the snapshot defaults (every pixel identical with `--exact`), each replaced
    /// by an option given.
    func comparisonOptions() throws -> ComparisonOptions {
        if let scale, visibleChange == nil, exact {
            throw CommandFailure.invalidOption(
                name: "--scale", value: "\(scale)", reason: "turns --visible-change's points into pixels, and --exact has none; give --visible-change with it")
        }
        var options = exact ? ComparisonOptions() : SnapshotConfiguration().comparisonOptions(scale: scale ?? 1)
        if let precision { options.precision = precision }
        if let perceptualPrecision { options.perceptualPrecision = perceptualPrecision }
        if let visibleChange { options.visibleChange = VisibleChangeRule(size: visibleChange, scale: scale ?? 1) }
        options.colorDistance = colorDistance.formula
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
        // A diff image that cannot be written is reported after the verdict, which stands.
        var writeError: PNGError?
        if let output {
            let (compared, diffImage) = comparator.compareWithDiffImage(referenceImage, actualImage)
            result = compared
            do throws(PNGError) {
                try PNGEncoder().write(diffImage, to: output)
            } catch {
                writeError = error
            }
        } else {
            result = comparator.compare(referenceImage, actualImage)
        }

        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(result), as: UTF8.self))
        } else {
            print(describe(result, options: options, diffWritten: writeError == nil))
        }
        if let writeError { throw CommandFailure.library(writeError) }
        if result.verdict == .failed { throw ExitCode(1) }
    }

    /// The rule that judged, as the first line names it: "snapshot defaults (precision 0.99,
    /// perceptual precision 0.98, visible change 2.5 × 2.5 pt at 3 px a point)", "exact (every
    /// pixel identical)", or either with the options given beside it.
    func ruleDescription(_ options: ComparisonOptions) -> String {
        var given: [String] = []
        if precision != nil { given.append("--precision") }
        if perceptualPrecision != nil { given.append("--perceptual-precision") }
        if visibleChange != nil { given.append("--visible-change") }
        if maxDiffPixels != nil { given.append("--max-diff-pixels") }
        if !mask.isEmpty { given.append("--mask") }
        if antialiasing { given.append("--antialiasing") }
        let name = (exact ? "exact" : "snapshot defaults") + (given.isEmpty ? "" : " with " + given.joined(separator: ", "))
        if exact && given.isEmpty { return name + " (every pixel identical)" }
        var parts = ["precision \(options.precision.shortText)", "perceptual precision \(options.perceptualPrecision.shortText)"]
        if let rule = options.visibleChange {
            parts.append("visible change \(rule.size.shortText) × \(rule.size.shortText) pt at \(rule.scale.shortText) px a point")
        }
        if let limit = options.maxDifferingPixels { parts.append("at most \(limit) differing pixels") }
        if !options.masks.isEmpty { parts.append("\(options.masks.count) masked") }
        return name + " (" + parts.joined(separator: ", ") + ")"
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

    private func describe(_ result: ComparisonReport, options: ComparisonOptions, diffWritten: Bool) -> String {
        var lines: [String]
        let rule = ", judged by the " + ruleDescription(options)
        switch result.verdict {
        case .identical: lines = [result.summary + rule]
        case .withinTolerance: lines = ["within tolerance: " + result.summary + rule]
        case .failed: lines = ["failed: " + result.summary + rule] + result.failureReasons.map { "  fails: \($0)" }
        }
        if result.regionCount > 0 {
            lines.append("  regions: \(result.regionCount)" + (result.regionCount > result.regions.count ? " (the \(result.regions.count) largest listed)" : ""))
            lines += result.regions.map { "    \($0.isVisible ? "visible" : "small  ") \($0.description(scale: result.scale)), \($0.pixelCount) px, max ΔE \(($0.maxDeltaE * 100).rounded() / 100)" }
        }
        if let output, diffWritten { lines.append("  diff image: \(output)") }
        return lines.joined(separator: "\n")
    }
}

extension Double {
    /// At most six decimals, without a trailing ".0": 0.9999, 2.5, 3 (a Float's 0.98 is 0.98).
    fileprivate var shortText: String {
        let text = String((self * 1_000_000).rounded() / 1_000_000)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
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

/// `--color-distance`: ImageDiff's formulas by name. ImageDiff's own type conforming to
/// ArgumentParser's protocol would need ArgumentParser imported for the package's users too.
struct ColorDistanceArgument: ExpressibleByArgument {
    let formula: ColorDistanceFormula

    init(formula: ColorDistanceFormula) {
        self.formula = formula
    }

    init?(argument: String) {
        guard let formula = ColorDistanceFormula(rawValue: argument) else { return nil }
        self.formula = formula
    }

    static var allValueStrings: [String] { ColorDistanceFormula.allCases.map(\.rawValue) }

    var defaultValueDescription: String { formula.rawValue }
}
