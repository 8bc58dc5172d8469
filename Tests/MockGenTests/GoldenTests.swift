import Foundation
import MockGen
import SwiftParser
import Testing

/// Every fixture's generated mocks equal its committed `Expected.swift`, and its
/// warnings its `Warnings.txt`. Set `PYRAMID_RECORD_GOLDENS=1` to rewrite them.
@Suite("Golden mocks")
struct GoldenTests {
    @Test("generated mocks match the golden file", arguments: GoldenFixture.all)
    func matchesGolden(_ fixture: GoldenFixture) throws {
        let (output, warnings) = try fixture.generate()
        if GoldenFixture.recording {
            try output.write(toFile: fixture.expectedPath, atomically: true, encoding: .utf8)
            if warnings.isEmpty {
                try? FileManager.default.removeItem(atPath: fixture.warningsPath)
            } else {
                try warnings.write(toFile: fixture.warningsPath, atomically: true, encoding: .utf8)
            }
            return
        }
        let expected = try String(contentsOfFile: fixture.expectedPath, encoding: .utf8)
        #expect(output == expected, "\(fixture.name): output differs from Expected.swift")
        let expectedWarnings = (try? String(contentsOfFile: fixture.warningsPath, encoding: .utf8)) ?? ""
        #expect(warnings == expectedWarnings, "\(fixture.name): warnings differ from Warnings.txt")
    }

    @Test("generated output always parses without syntax errors", arguments: GoldenFixture.all)
    func outputParses(_ fixture: GoldenFixture) throws {
        let (output, _) = try fixture.generate()
        let tree = Parser.parse(source: output)
        #expect(!tree.hasError, "\(fixture.name): the generated file has syntax errors")
    }
}
