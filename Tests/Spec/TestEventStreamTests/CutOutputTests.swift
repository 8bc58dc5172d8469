import Foundation
import PyramidTestSupport
import Testing

@_spi(PyramidTools) @testable import TestEventStream

/// What a test process leaves when it crashes: its output cut at any byte. The readers keep every
/// test reported before the cut and name the line the cut left half written, at every offset of
/// a real run's output (the fuzzers, `scripts/fuzz event-stream` and `xctest-output`, do the same
/// on mutated output).
@Suite("Output cut at every byte")
struct CutOutputTests {
    /// Where each line starts and ends (its line break's offset), in order.
    func lines(_ data: Data) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        for (offset, byte) in data.enumerated() where byte == 0x0A {
            lines.append(start..<offset)
            start = offset + 1
        }
        return lines
    }

    @Test("an event stream cut inside a line keeps the tests of the lines before it and names the cut line")
    func eventStream() async throws {
        let data = try SampleStream.data("mixed-events.jsonl")
        let checked = try await offThePool {
            let read = { (end: Int) in EventStreamReader.read(data.prefix(end), loadAttachment: { _ in nil }) }
            let whole = read(data.count)
            #expect(whole.diagnostics.isEmpty && whole.tests.count == 2)
            var checked = 0
            var before = Set<String>()
            for (index, line) in lines(data).enumerated() {
                let atStart = read(line.lowerBound)
                let tests = Set(atStart.tests.map(\.id))
                #expect(before.isSubset(of: tests) && tests.isSubset(of: Set(whole.tests.map(\.id))), "cut at line \(index + 1)")
                #expect(atStart.diagnostics.allSatisfy { $0.line == nil }, "cut at line \(index + 1): \(atStart.diagnostics)")
                before = tests
                for end in line.lowerBound + 1..<line.upperBound {
                    let cut = read(end)
                    #expect(cut.diagnostics.contains { $0.line == index + 1 }, "cut at \(end), inside line \(index + 1)")
                    #expect(Set(cut.tests.map(\.id)) == tests, "cut at \(end), inside line \(index + 1)")
                    checked += 1
                }
            }
            return checked
        }
        // Every offset but the line starts and the line breaks themselves.
        #expect(checked == data.count - 2 * lines(data).count)
        #expect(checked > 5000)
    }

    @Test("XCTest's console output cut anywhere gives the first tests of the whole output")
    func console() async throws {
        let data = try SampleStream.data("mixed-console.txt")
        let (checked, atLineStarts) = try await offThePool {
            let whole = XCTestLogReader.read(String(decoding: data, as: UTF8.self))
            #expect(whole.count == 5)
            var checked = 0, atLineStarts: [Int] = []
            let starts = Set(lines(data).map(\.lowerBound) + [data.count])
            for end in 0...data.count {
                let cut = XCTestLogReader.read(String(decoding: data.prefix(end), as: UTF8.self))
                if starts.contains(end) {
                    // Whole lines: exactly the tests whose last line came before the cut.
                    #expect(cut == Array(whole.prefix(cut.count)), "cut at \(end), a line's start")
                    atLineStarts.append(cut.count)
                } else {
                    // A half line may be a test's last line with its duration cut short.
                    #expect(cut.count <= whole.count && cut.dropLast() == whole.prefix(max(cut.count - 1, 0)), "cut at \(end)")
                }
                checked += 1
            }
            return (checked, atLineStarts)
        }
        #expect(checked == data.count + 1)
        #expect(atLineStarts == atLineStarts.sorted() && atLineStarts.last == 5, "\(atLineStarts)")
    }
}
