import Foundation
import PNGCodec
import Testing

/// Every corrupt PngSuite file is rejected with the right reason and its path.
@Suite("PngSuite: invalid images")
struct InvalidFileTests {
    static let expected: [String: String] = [
        "xc1n0g08.png": "invalid-header",
        "xc9n2c08.png": "invalid-header",
        "xcrn0g04.png": "not-png",
        "xcsn0g01.png": "crc-mismatch",
        "xd0n2c08.png": "invalid-header",
        "xd3n2c08.png": "invalid-header",
        "xd9n2c08.png": "invalid-header",
        "xdtn0g01.png": "missing-image-data",
        "xhdn0g08.png": "crc-mismatch",
        "xlfn0g04.png": "not-png",
        "xs1n0g01.png": "not-png",
        "xs2n0g01.png": "not-png",
        "xs4n0g01.png": "not-png",
        "xs7n0g01.png": "not-png",
    ]

    @Test("every invalid file is listed here")
    func everyFileListed() {
        #expect(Fixtures.files(in: Fixtures.invalid) == Self.expected.keys.sorted())
    }

    @Test("is rejected with its reason and path", arguments: expected.keys.sorted())
    func rejected(_ file: String) {
        let path = Fixtures.invalid.appendingPathComponent(file).path
        let error = #expect(throws: PNGError.self) { try PNGDecoder().decode(contentsOf: path) }
        #expect(error?.reason.code == Self.expected[file])
        #expect(error?.file == path)
        #expect(error?.description.hasPrefix(path + ": ") == true)
    }

    @Test("text-mode and 7-bit transfers are named")
    func transferHints() throws {
        for (file, hint) in [("xcrn0g04.png", "text-mode"), ("xlfn0g04.png", "text-mode"), ("xs1n0g01.png", "7-bit")] {
            let error = #expect(throws: PNGError.self) {
                try PNGDecoder().decode(contentsOf: Fixtures.invalid.appendingPathComponent(file).path)
            }
            #expect(error?.description.contains(hint) == true, "\(file): \(String(describing: error))")
        }
    }

    @Test("the CRC error names the chunk")
    func crcNamesChunk() {
        let error = #expect(throws: PNGError.self) {
            try PNGDecoder().decode(contentsOf: Fixtures.invalid.appendingPathComponent("xhdn0g08.png").path)
        }
        guard case let .crcMismatch(chunk, offset, _, _)? = error?.reason else {
            Issue.record("expected a CRC mismatch, got \(String(describing: error))")
            return
        }
        #expect(chunk == "IHDR")
        #expect(offset == 8)
    }

    @Test("a missing file is unreadable, not a crash")
    func missingFile() {
        let error = #expect(throws: PNGError.self) { try PNGDecoder().decode(contentsOf: "/nonexistent/dir/ref.png") }
        #expect(error?.reason.code == "unreadable")
        #expect(error?.file == "/nonexistent/dir/ref.png")
    }
}
