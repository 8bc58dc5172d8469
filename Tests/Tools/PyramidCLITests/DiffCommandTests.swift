import Foundation
import PNGCodec
import PyramidImage
import PyramidTestSupport
import Testing

@Suite("pyramid diff")
struct DiffCommandTests {
    let folder: TemporaryFolder
    let reference: String
    let changed: String

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
    }

    @Test("identical images exit 0")
    func identical() async throws {
        let run = try await CLI.run(["diff", reference, reference])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("match: identical"))
    }

    @Test("differing images exit 1 and say how")
    func differing() async throws {
        let run = try await CLI.run(["diff", reference, changed])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("differ: 2 pixels differ"))
        #expect(run.stdout.contains("within 50,30,2,1"))
    }

    @Test("options change the verdict: max pixels, perceptual precision, masks, precision")
    func options() async throws {
        #expect(try await CLI.run(["diff", reference, changed, "--max-diff-pixels", "2", "--precision", "0"]).status == 0)
        #expect(try await CLI.run(["diff", reference, changed, "--max-diff-pixels", "1", "--precision", "0"]).status == 1)
        #expect(try await CLI.run(["diff", reference, changed, "--perceptual-precision", "0.98", "--max-diff-pixels", "1", "--precision", "0"]).status == 0)
        #expect(try await CLI.run(["diff", reference, changed, "--mask", "48,28,5,5"]).status == 0)
        #expect(try await CLI.run(["diff", reference, changed, "--precision", "0.999"]).status == 0)
        #expect(try await CLI.run(["diff", reference, changed, "--precision", "0.9999"]).status == 1)
        #expect(try await CLI.run(["diff", reference, changed, "--antialiasing", "--color-distance", "ciede2000"]).status == 1)
    }

    @Test("--json prints the result value")
    func json() async throws {
        let run = try await CLI.run(["diff", reference, changed, "--json"])
        #expect(run.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["differingPixels"] as? Int == 2)
        #expect(object?["passed"] as? Bool == false)
        #expect((object?["differenceBounds"] as? [String: Int])?["x"] == 50)
    }

    @Test("--output writes a diff image with the change in red")
    func output() async throws {
        let diffPath = folder.path("diff.png")
        let run = try await CLI.run(["diff", reference, changed, "--output", diffPath])
        #expect(run.status == 1)
        let diff = try PNGDecoder().decode(contentsOf: diffPath).bitmap
        #expect(diff[50, 30] == RGBA(255, 0, 0))
        #expect(diff[0, 0] == RGBA(255, 255, 255))
    }

    @Test("errors exit 2 with the reason on stderr", arguments: [
        (["diff", "/no/such/file.png", "x.png"], "/no/such/file.png"),
        (["diff", "REF", "CORRUPT"], "CRC mismatch"),
        (["diff", "REF", "REF", "--mask", "1,2,3"], "--mask"),
        (["diff", "REF", "REF", "--precision", "1.5"], "Error: --precision 1.5 must be between 0 and 1"),
        (["diff", "REF", "REF", "--perceptual-precision", "2"], "Error: --perceptual-precision 2.0 must be between 0 and 1"),
        (["diff", "REF", "REF", "--max-diff-pixels=-1"], "Error: --max-diff-pixels -1 must be 0 or more"),
        (["diff", "REF"], "Missing expected argument"),
        (["diff", "REF", "REF", "--output", "/no/such/dir/d.png"], "/no/such/dir/d.png"),
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
