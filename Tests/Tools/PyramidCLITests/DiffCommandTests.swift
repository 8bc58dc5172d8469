import Foundation
import PNGCodec
@_spi(PyramidTools) import PyramidImage
import PyramidTestSupport
import Testing

@Suite("pyramid diff")
struct DiffCommandTests {
    let folder: TemporaryFolder
    let reference: String
    let changed: String
    /// 300 × 200 pixels with one 12 × 12 block changed: 144 pixels, within a 1 % budget.
    let screen: String
    let screenWithBlock: String

    init() throws {
        folder = TemporaryFolder("pyramid-cli", create: true)
        var image = Bitmap(width: 60, height: 40, fill: .white)
        image.fill(PixelRect(x: 10, y: 10, width: 20, height: 8), with: RGBA(10, 132, 255))
        reference = folder.path("reference.png")
        try PNGEncoder().write(image, to: reference)
        image[50, 30] = .black
        image[51, 30] = RGBA(254, 255, 255)
        changed = folder.path("changed.png")
        try PNGEncoder().write(image, to: changed)

        var large = Bitmap(width: 300, height: 200, fill: .white)
        screen = folder.path("screen.png")
        try PNGEncoder().write(large, to: screen)
        large.fill(PixelRect(x: 99, y: 60, width: 12, height: 12), with: RGBA(255, 59, 48))
        screenWithBlock = folder.path("screen-block.png")
        try PNGEncoder().write(large, to: screenWithBlock)
    }

    @Test("identical images exit 0")
    func identical() async throws {
        let run = try await CLI.run(["diff", reference, reference])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("identical"))
    }

    @Test("with --exact, differing images exit 1 and say how, the first line naming the rule")
    func differing() async throws {
        let run = try await CLI.run(["diff", reference, changed, "--exact"])
        #expect(run.status == 1)
        let first = run.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("failed: 99.92% of pixels match, below the required 100% — 2 pixels differ"), "\(run.stdout)")
        #expect(first.hasSuffix(", judged by the exact (every pixel identical)"), "\(run.stdout)")
        #expect(run.stdout.contains("within 50,30,2,1"))
    }

    @Test("without options, the snapshot defaults judge: a pixel of noise and a lone dot pass, and the first line says which rule judged")
    func snapshotDefaultsByDefault() async throws {
        let run = try await CLI.run(["diff", reference, changed])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let first = run.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("within tolerance: 1 pixel differs"), "\(run.stdout)")
        #expect(first.hasSuffix(
            ", judged by the snapshot defaults (precision 0.99, perceptual precision 0.98, visible change 2.5 × 2.5 pt at 1 px a point)"), "\(run.stdout)")
        // An option given beside the defaults replaces that one, and the rule says so.
        let stricter = try await CLI.run(["diff", reference, changed, "--precision", "0.9999", "--scale", "2"])
        #expect(stricter.status == 1, "\(stricter.stdout)")
        #expect(stricter.stdout.split(separator: "\n").first?.hasSuffix(
            ", judged by the snapshot defaults with --precision (precision 0.9999, perceptual precision 0.98, visible change 2.5 × 2.5 pt at 2 px a point)") == true,
            "\(stricter.stdout)")
    }

    @Test("a sub-pixel shift of thin bars is rendering noise under the defaults; --exact fails it")
    func noisePair() async throws {
        // Bars 2.5 px wide every 6 px; the actual's are 0.3 px to the right, their edge pixels blended.
        var shifted = Bitmap(width: 120, height: 40, fill: .white)
        var original = shifted
        for x in stride(from: 2, to: 114, by: 6) {
            original.fill(PixelRect(x: x, y: 0, width: 2, height: 40), with: .black)
            original.fill(PixelRect(x: x + 2, y: 0, width: 1, height: 40), with: RGBA(128, 128, 128))
            shifted.fill(PixelRect(x: x, y: 0, width: 1, height: 40), with: RGBA(77, 77, 77))
            shifted.fill(PixelRect(x: x + 1, y: 0, width: 1, height: 40), with: .black)
            shifted.fill(PixelRect(x: x + 2, y: 0, width: 1, height: 40), with: RGBA(51, 51, 51))
        }
        let before = folder.path("bars.png"), after = folder.path("bars-shifted.png")
        try PNGEncoder().write(original, to: before)
        try PNGEncoder().write(shifted, to: after)
        let exact = try await CLI.run(["diff", before, after, "--exact"])
        #expect(exact.status == 1)
        #expect(exact.stdout.hasPrefix("failed: 68.33% of pixels match, below the required 100%"), "\(exact.stdout)")
        let defaults = try await CLI.run(["diff", before, after, "--scale", "2"])
        #expect(defaults.status == 0, "\(defaults.stdout)")
        #expect(defaults.stdout.hasPrefix("within tolerance: 0 pixels differ") && defaults.stdout.contains("1520 rendering noise"), "\(defaults.stdout)")
    }

    @Test("options change the verdict: max pixels, perceptual precision, masks, precision")
    func options() async throws {
        #expect(try await CLI.run(["diff", reference, changed, "--exact", "--max-diff-pixels", "2", "--precision", "0"]).status == 0)
        #expect(try await CLI.run(["diff", reference, changed, "--exact", "--max-diff-pixels", "1", "--precision", "0"]).status == 1)
        #expect(try await CLI.run(["diff", reference, changed, "--exact", "--perceptual-precision", "0.98", "--max-diff-pixels", "1", "--precision", "0"]).status == 0)
        #expect(try await CLI.run(["diff", reference, changed, "--exact", "--mask", "48,28,5,5"]).status == 0)
        #expect(try await CLI.run(["diff", reference, changed, "--exact", "--precision", "0.999"]).status == 0)
        #expect(try await CLI.run(["diff", reference, changed, "--exact", "--precision", "0.9999"]).status == 1)
        #expect(try await CLI.run(["diff", reference, changed, "--exact", "--antialiasing", "--color-distance", "ciede2000"]).status == 1)
    }

    @Test("a visible change fails within the budget, named in points; a smaller one is within tolerance")
    func visibleChange() async throws {
        // The budget alone lets 144 differing pixels of 60,000 through.
        let budget = try await CLI.run(["diff", screen, screenWithBlock, "--exact", "--precision", "0.99"])
        #expect(budget.status == 0)
        #expect(budget.stdout.hasPrefix("within tolerance: 144 pixels differ (0.24%)"))
        // As a snapshot cell at 3 pixels a point: 2.5 × 2.5 points is 57 pixels, so the block fails.
        let cell = try await CLI.run(["diff", screen, screenWithBlock, "--scale", "3"])
        #expect(cell.status == 1)
        #expect(cell.stdout.hasPrefix("failed: a visible change (larger than 2.5 × 2.5 pt) at x 33, y 20, 4 × 4 pt — 144 pixels differ"), "\(cell.stdout)")
        #expect(cell.stdout.contains("    visible x 33, y 20, 4 × 4 pt, 144 px"))
        // A visible size larger than the block: within tolerance, exit 0.
        let large = try await CLI.run(["diff", screen, screenWithBlock, "--snapshot-defaults", "--visible-change", "13"])
        #expect(large.status == 0)
        #expect(large.stdout.hasPrefix("within tolerance: 144 pixels differ"))
        #expect(large.stdout.contains("    small   x 99, y 60, 12 × 12 px, 144 px"))
        // The regions are in the JSON, with the verdict.
        let json = try await CLI.run(["diff", screen, screenWithBlock, "--snapshot-defaults", "--scale", "2", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["verdict"] as? String == "failed")
        let regions = object?["regions"] as? [[String: Any]]
        #expect(regions?.count == 1 && regions?.first?["pixelCount"] as? Int == 144 && regions?.first?["isVisible"] as? Bool == true)
        #expect((regions?.first?["bounds"] as? [String: Int]) == ["x": 99, "y": 60, "width": 12, "height": 12])
        // Identical images are identical with the defaults too.
        let same = try await CLI.run(["diff", screen, screen, "--snapshot-defaults"])
        #expect(same.status == 0 && same.stdout.hasPrefix("identical"))
    }

    @Test("--json prints the result value")
    func json() async throws {
        let run = try await CLI.run(["diff", reference, changed, "--exact", "--json"])
        #expect(run.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["differingPixels"] as? Int == 2)
        #expect(object?["passed"] as? Bool == false)
        #expect((object?["differenceBounds"] as? [String: Int])?["x"] == 50)
    }

    @Test("--output writes a diff image with the change in red")
    func output() async throws {
        let diffPath = folder.path("diff.png")
        let run = try await CLI.run(["diff", reference, changed, "--exact", "--output", diffPath])
        #expect(run.status == 1)
        let diff = try PNGDecoder().decode(contentsOf: diffPath).bitmap
        #expect(diff[50, 30] == RGBA(255, 0, 0))
        #expect(diff[0, 0] == RGBA(255, 255, 255))
    }

    @Test("--output into a folder that does not exist: the verdict is printed, then the write error, and the exit is 2")
    func outputIntoMissingFolder() async throws {
        let diffPath = folder.path("no-such-folder/diff.png")
        let run = try await CLI.run(["diff", reference, changed, "--exact", "--output", diffPath])
        #expect(run.status == 2)
        #expect(run.stdout.hasPrefix("failed: 99.92% of pixels match"), "\(run.stdout)")
        #expect(!run.stdout.contains("diff image:"), "\(run.stdout)")
        #expect(run.stderr.contains(diffPath), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: diffPath))
    }

    @Test("errors exit 2 with the reason on stderr", arguments: [
        (["diff", "/no/such/file.png", "x.png"], "/no/such/file.png"),
        (["diff", "REF", "CORRUPT"], "CRC mismatch"),
        (["diff", "REF", "REF", "--mask", "1,2,3"], "--mask"),
        (["diff", "REF", "REF", "--precision", "1.5"], "Error: --precision 1.5 must be between 0 and 1"),
        (["diff", "REF", "REF", "--perceptual-precision", "2"], "Error: --perceptual-precision 2.0 must be between 0 and 1"),
        (["diff", "REF", "REF", "--max-diff-pixels=-1"], "Error: --max-diff-pixels -1 must be 0 or more"),
        (["diff", "REF", "REF", "--visible-change=-1"], "Error: --visible-change -1.0 must be a finite number of points, 0 or more"),
        (["diff", "REF", "REF", "--visible-change", "nan"], "Error: --visible-change nan must be a finite number of points, 0 or more"),
        (["diff", "REF", "REF", "--visible-change", "inf"], "Error: --visible-change inf must be a finite number of points, 0 or more"),
        (["diff", "REF", "REF", "--snapshot-defaults", "--scale", "0"], "Error: --scale 0.0 must be a finite number of pixels a point, more than 0"),
        (["diff", "REF", "REF", "--exact", "--scale", "3"], "Error: --scale 3.0 turns --visible-change's points into pixels, and --exact has none"),
        (["diff", "REF", "REF", "--exact", "--snapshot-defaults"], "Error: --exact and --snapshot-defaults are two different rules; give one of them"),
        (["diff", "REF"], "Missing expected argument"),
    ])
    func errors(arguments: [String], message: String) async throws {
        let corrupt = folder.path("corrupt.png")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: reference)))
        bytes[45] ^= 0xFF  // inside the IDAT data: caught by the CRC
        try Data(bytes).write(to: URL(fileURLWithPath: corrupt))
        let resolved = arguments.map { $0 == "REF" ? reference : $0 == "CORRUPT" ? corrupt : $0 }
        let run = try await CLI.run(resolved)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}
