import Foundation
import MockGen
import PyramidTestSupport
import SwiftParser
import Testing
import SwiftSyntax

/// Every fixture's generated mocks equal its committed `Expected.swift`, and its
/// warnings its `Warnings.txt`. Set `PYRAMID_RECORD_GOLDENS=1` to rewrite them.
///
/// On threads of their own: 48 synchronous generations in a debug build held both of the
/// cooperative pool's threads on CI's two cores for more than a minute, and tests waiting on
/// URLSession ran out of their time limits.
@Suite("Golden mocks", .ownThread)
struct GoldenTests {
    @Test("every fixture folder is found: 24 fixtures, 11 of them with a program")
    func fixturesAreFound() throws {
        let fixtures = try GoldenFixture.all()
        #expect(fixtures.count == 24)
        #expect(fixtures.filter { $0.programPath != nil }.count == 11)
        for fixture in fixtures {
            #expect(FileManager.default.fileExists(atPath: fixture.expectedPath), "\(fixture.name) has no Expected.swift")
        }
    }

    @Test("generated mocks match the golden file", arguments: try GoldenFixture.all())
    func matchesGolden(_ fixture: GoldenFixture) throws {
        let (output, warnings) = try fixture.generate()
        if GoldenFixture.recording {
            try output.write(toFile: fixture.expectedPath, atomically: true, encoding: .utf8)
            if warnings.isEmpty {
                try? FileManager.default.removeItem(atPath: fixture.warningsPath)
            } else {
                try warnings.write(toFile: fixture.warningsPath, atomically: true, encoding: .utf8)
            }
            // A recording run compares nothing, so it must not pass for a verifying one.
            Issue.record("\(fixture.name): recorded Expected.swift and Warnings.txt; run again without PYRAMID_RECORD_GOLDENS to compare")
            return
        }
        let expected = try String(contentsOfFile: fixture.expectedPath, encoding: .utf8)
        #expect(output == expected, "\(fixture.name): output differs from Expected.swift")
        #expect(warnings == (try fixture.expectedWarnings()), "\(fixture.name): warnings differ from Warnings.txt")
    }

    @Test("generated output always parses without syntax errors", arguments: try GoldenFixture.all())
    func outputParses(_ fixture: GoldenFixture) throws {
        let (output, _) = try fixture.generate()
        #expect(output.contains(/(class|actor) \w+Mock\b/), "\(fixture.name): the generated file declares no mock")
        let tree = Parser.parse(source: output)
        #expect(!tree.hasError, "\(fixture.name): the generated file has syntax errors")
    }
}
