import Foundation
import PyramidIO
@testable import PNGCodec
import PyramidImage
import PyramidTestSupport
import Testing

/// Files PNGEncoder writes, band index included, read by other decoders to the same pixels:
/// Pillow (libpng-style C) and pypng (pure Python, which checks every chunk's CRC).
/// scripts/test installs both with pip.
@Suite("Other decoders read our files")
struct OtherDecodersTests {
    /// This test's folder, removed after it even when it throws.
    private let scratchPyramidOtherDecoders = TemporaryFolder("pyramid-other-decoders")

    static let script = """
        import sys, zlib
        from PIL import Image
        import png
        for path in sys.argv[1:]:
            with Image.open(path) as im:
                pillow = im.convert("RGBA").tobytes()
            width, height, rows, info = png.Reader(filename=path).asRGBA8()
            pypng = b"".join(bytes(row) for row in rows)
            print(path, width, height, zlib.crc32(pillow), zlib.crc32(pypng))
        """

    @Test("Pillow and pypng decode our banded files to our pixels")
    func pillowAndPypng() async throws {
        let folder = scratchPyramidOtherDecoders.url
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var expected: [String: (Int, Int, UInt32)] = [:]
        let images = [
            (ScreenImages.make(width: 390, height: 844, seed: 1), PNGEncoder.Compression.fast),
            (ScreenImages.make(width: 150, height: 3000, seed: 2), .fast),
            (ScreenImages.make(width: 301, height: 977, seed: 3), .small),
        ]
        for (number, (bitmap, compression)) in images.enumerated() {
            let path = folder.appendingPathComponent("image\(number).png").path
            let bytes = try PNGEncoder(compression: compression).encode(bitmap)
            #expect(PNGChunks.parse(bytes).contains { $0.type == "pyBi" })
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            expected[path] = (bitmap.width, bitmap.height, bitmap.pixels.withUnsafeBytes { CRC32.checksum($0) })
        }

        // On a thread of its own (Program), not one of the few every test's tasks run on.
        let finished = try await Program.run("python3", ["-c", Self.script] + expected.keys.sorted())
        let printed = finished.stdout
        let complaint = finished.stderr
        try #require(finished.status == 0, "python3 with Pillow and pypng failed (pip install Pillow pypng): \(complaint)")

        let lines = printed.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(lines.count == images.count)
        for fields in lines {
            let (width, height, crc) = try #require(expected[fields[0]])
            #expect(Int(fields[1]) == width && Int(fields[2]) == height, "\(fields[0])")
            #expect(UInt32(fields[3]) == crc, "Pillow read other pixels from \(fields[0])")
            #expect(UInt32(fields[4]) == crc, "pypng read other pixels from \(fields[0])")
        }
    }
}
