import Foundation
import PyramidTestSupport
import Testing

/// Every Swift sample in the README is code that compiles: either a file of the package that
/// "Use it in your package" describes (`<!-- file: PATH -->`, built by scripts/readme-package),
/// or an excerpt of a file this repository builds (`<!-- excerpt: PATH -->`), whose lines appear
/// in that file in the same order. A `…` line stands for lines left out.
@Suite("README's Swift samples")
struct ReadmeSamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../..").standardized

    struct Sample: CustomStringConvertible {
        var line: Int
        var marker: String?
        var body: [String]
        var description: String { "README.md:\(line)" }
    }

    static func samples() throws -> [Sample] {
        let lines = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var samples: [Sample] = []
        var index = 0
        while index < lines.count {
            if lines[index] == "```swift" {
                let end = lines[(index + 1)...].firstIndex(of: "```") ?? lines.count
                let marker = index > 0 && lines[index - 1].hasPrefix("<!-- ") ? lines[index - 1] : nil
                samples.append(Sample(line: index + 1, marker: marker, body: Array(lines[(index + 1)..<end])))
                index = end
            }
            index += 1
        }
        return samples
    }

    /// Whether `sample`'s lines, trimmed, appear in `file`'s in order (blank and `…` lines skipped).
    static func missingLine(of sample: [String], in file: [String]) -> String? {
        let wanted = sample.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0 != "…" }
        let have = file.map { $0.trimmingCharacters(in: .whitespaces) }
        var position = have.startIndex
        for line in wanted {
            guard let found = have[position...].firstIndex(of: line) else { return line }
            position = found + 1
        }
        return nil
    }

    @Test("the README has its samples, each marked as a package file or an excerpt of a built file")
    func everySampleIsMarked() throws {
        let samples = try Self.samples()
        #expect(samples.count >= 15, "\(samples.count)")
        for sample in samples {
            let marker = sample.marker ?? ""
            #expect(marker.hasPrefix("<!-- file: ") || marker.hasPrefix("<!-- excerpt: "), "\(sample) has no file or excerpt marker")
        }
    }

    @Test("each excerpt's lines are in its file, in order", arguments: try samples().filter { $0.marker?.hasPrefix("<!-- excerpt: ") == true })
    func excerpt(_ sample: Sample) throws {
        let path = try #require(sample.marker?.dropFirst("<!-- excerpt: ".count).split(separator: " ").first.map(String.init))
        let file = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let missing = Self.missingLine(of: sample.body, in: file)
        #expect(missing == nil, "\(sample): \"\(missing ?? "")\" is not in \(path) (after the lines before it)")
    }

    @Test("the excerpt check finds a line that is missing or out of order")
    func checkerFails() {
        let file = ["a", "  b", "c"]
        #expect(Self.missingLine(of: ["a", "…", "c"], in: file) == nil)
        #expect(Self.missingLine(of: ["c", "a"], in: file) == "a")
        #expect(Self.missingLine(of: ["b", "d"], in: file) == "d")
    }
}
