import ChromiumRenderer
import Foundation
import PNGCodec
import PyramidImage
import PyramidTestSupport
import VisualTesting

/// The evaluation set of snapshot verdicts (`Fixtures/Verdicts`): pages written for it, each
/// rendered in Chromium on every standard device, beside a changed rendering of it.
///
/// A *change* is a regression a person would point at (a size, a colour, a word, an order);
/// a *noise* is a rendering difference nobody would call one (a sub-pixel shift, a
/// compositing layer, a lossy round trip, a small colour-management difference). The cases
/// are data, `cases.json`, so `scripts/bench-verdicts` scores the peers on the same pairs.
struct VerdictEvaluationSet: Sendable {
    enum Kind: String, Sendable, Codable { case change, noise }

    /// One case: a change of one page, or a noise applied to every page.
    struct Case: Sendable, Decodable {
        var page: String?
        var name: String
        var css: String?
        var replace: [[String]]?
        var flags: [String]?
        var transform: String?
    }

    struct Cases: Decodable {
        var changes: [Case]
        var noise: [Case]
    }

    /// One rendered pair: the page as it is, and as the case changes it.
    struct Pair: Sendable {
        var kind: Kind
        var name: String
        var page: String
        var device: SnapshotDevice
        var reference: Bitmap
        var actual: Bitmap

        /// `change · empty · heading 28 → 32 px · iPhone16`.
        var title: String { "\(kind.rawValue) · \(page) · \(name) · \(device.name)" }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Verdicts")

    let cases: Cases
    let pages: [String: String]

    init() throws {
        cases = try JSONDecoder().decode(Cases.self, from: Data(contentsOf: Self.folder.appendingPathComponent("cases.json")))
        var pages: [String: String] = [:]
        for name in ["empty", "profile", "form", "cards"] {
            pages[name] = try String(contentsOf: Self.folder.appendingPathComponent("\(name).html"), encoding: .utf8)
        }
        self.pages = pages
    }

    /// The page's markup as `change` makes it; a replacement that finds nothing is an error, so
    /// a case cannot silently stop changing anything.
    func markup(page: String, applying change: Case) throws -> String {
        guard var html = pages[page] else { throw EvaluationError("no page \(page) for \(change.name)") }
        for pair in change.replace ?? [] {
            guard pair.count == 2, html.contains(pair[0]) else { throw EvaluationError("\(change.name): '\(pair.first ?? "")' is not in \(page).html") }
            html = html.replacingOccurrences(of: pair[0], with: pair[1])
        }
        if let css = change.css {
            html = html.replacingOccurrences(of: "</head>", with: "<style>\(css)</style></head>")
        }
        return html
    }

    /// Every pair of the set (the cases `including` keeps), rendered on each of `devices`: the
    /// references once per page and device, the flags' cases in a browser of their own, and the
    /// cases that only transform pixels applied to the references, not rendered again.
    func render(
        devices: [SnapshotDevice] = SnapshotConfiguration.standardDevices, scratch: TemporaryFolder,
        including: (Case) -> Bool = { _ in true }
    ) async throws -> [Pair] {
        var pairs: [Pair] = []
        let flagged = Set((cases.changes + cases.noise).compactMap(\.flags).filter { !$0.isEmpty })
        var pools: [[String]: BrowserPool] = [:]
        for flags in flagged { pools[flags] = BrowserPool(capacity: 1, options: ChromiumOptions(extraArguments: flags)) }
        defer { for pool in pools.values { Task { await pool.shutdown() } } }

        for device in devices {
            let environment = RenderEnvironment(
                device: device, cell: SnapshotCell(device: device, theme: .light, locale: "en"),
                inNavigation: false, disableAnimations: true)
            var references: [String: Bitmap] = [:]
            for page in pages.keys.sorted() {
                references[page] = try await HTMLPage(html: pages[page]!).renderSnapshot(in: environment)
            }
            let work = cases.changes.filter(including).map { (Kind.change, $0, [$0.page ?? ""]) }
                + cases.noise.filter(including).map { (Kind.noise, $0, pages.keys.sorted()) }
            for (kind, item, onPages) in work {
                for page in onPages {
                    // A case that changes only the pixels (a lossy round trip, colour management)
                    // applies to the reference: the markup and the browser are the reference's.
                    var actual: Bitmap
                    if item.css == nil, item.replace == nil, item.flags == nil, item.transform != nil {
                        actual = references[page]!
                    } else {
                        let pool = item.flags.flatMap { pools[$0] } ?? BrowserPool.current
                        actual = try await HTMLPage(html: try markup(page: page, applying: item), pool: pool).renderSnapshot(in: environment)
                    }
                    if let transform = item.transform {
                        actual = try await Self.apply(transform, to: actual, scratch: scratch)
                    }
                    pairs.append(Pair(kind: kind, name: item.name, page: page, device: device, reference: references[page]!, actual: actual))
                }
            }
        }
        return pairs
    }

    /// A transform of the rendered pixels: a JPEG round trip at high quality (Pillow, which
    /// `scripts/test` installs; full colour resolution, as high-quality settings keep it), or a
    /// small change of gamma or white point as colour management makes.
    static func apply(_ transform: String, to image: Bitmap, scratch: TemporaryFolder) async throws -> Bitmap {
        switch transform {
        case "jpeg95", "jpeg90":
            let quality = transform.dropFirst(4)
            let input = scratch.path("in-\(UUID().uuidString).png"), output = scratch.path("out-\(UUID().uuidString).png")
            try Data(PNGEncoder().encode(image)).write(to: URL(fileURLWithPath: input))
            let script = """
                import io, sys
                from PIL import Image
                buffer = io.BytesIO()
                Image.open(sys.argv[1]).convert('RGB').save(buffer, 'JPEG', quality=\(quality), subsampling=0)
                buffer.seek(0)
                Image.open(buffer).convert('RGBA').save(sys.argv[2])
                """
            let run = try await Program.run("python3", ["-c", script, input, output])
            guard run.status == 0 else { throw EvaluationError("the JPEG round trip failed: \(run.stderr)") }
            return try PNGDecoder().decode([UInt8](Data(contentsOf: URL(fileURLWithPath: output)))).bitmap
        case "gamma":
            return mapped(image) { channel in
                UInt8((pow(Double(channel) / 255, 2.25 / 2.2) * 255).rounded())
            } green: { channel in
                UInt8((pow(Double(channel) / 255, 2.25 / 2.2) * 255).rounded())
            } blue: { channel in
                UInt8((pow(Double(channel) / 255, 2.25 / 2.2) * 255).rounded())
            }
        case "warm":
            return mapped(image) { $0 } green: { UInt8((Double($0) * 0.995).rounded()) } blue: { UInt8((Double($0) * 0.985).rounded()) }
        default:
            throw EvaluationError("unknown transform \(transform)")
        }
    }

    private static func mapped(
        _ image: Bitmap, red: (UInt8) -> UInt8, green: (UInt8) -> UInt8, blue: (UInt8) -> UInt8
    ) -> Bitmap {
        let tables = (0...255).map { UInt8($0) }
        let r = tables.map(red), g = tables.map(green), b = tables.map(blue)
        var result = image
        result.withUnsafeMutablePixels { pixels in
            var index = 0
            while index + 3 < pixels.count {
                pixels[index] = r[Int(pixels[index])]
                pixels[index + 1] = g[Int(pixels[index + 1])]
                pixels[index + 2] = b[Int(pixels[index + 2])]
                index += 4
            }
        }
        return result
    }

    /// Writes every pair as PNGs and an index, for `scripts/bench-verdicts` to score peers on.
    static func write(_ pairs: [Pair], to folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var index: [[String: String]] = []
        for (number, pair) in pairs.enumerated() {
            let stem = String(format: "%03d", number)
            try Data(PNGEncoder().encode(pair.reference)).write(to: URL(fileURLWithPath: "\(folder)/\(stem)-reference.png"))
            try Data(PNGEncoder().encode(pair.actual)).write(to: URL(fileURLWithPath: "\(folder)/\(stem)-actual.png"))
            index.append([
                "kind": pair.kind.rawValue, "name": pair.name, "page": pair.page, "device": pair.device.name,
                "scale": "\(pair.device.scale)", "reference": "\(stem)-reference.png", "actual": "\(stem)-actual.png",
            ])
        }
        let data = try JSONSerialization.data(withJSONObject: index, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: "\(folder)/pairs.json"), options: .atomic)
    }
}

struct EvaluationError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
