import Foundation
import FuzzSupport
@_spi(PyramidTools) import TestEventStream

/// The ids of every node of a run, suites and tests: a later record may make a test a suite.
func blank(_ bytes: Data) -> Bool {
    !bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D })
}

/// Swift Testing's event stream read from any bytes: a run with diagnostics, never a trap. Cut
/// where a line ends, the stream gives tests the whole stream has too (as tests, or as suites
/// when a later record says so) and only diagnostics
/// the whole stream gives too; cut inside a line, it gives the same tests as when cut where that
/// line starts, and a diagnostic naming the cut line unless what was left of it is still a whole
/// JSON object.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventStream(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let bytes = Data(input)
    let noAttachments: @Sendable (String) -> Data? = { _ in nil }
    let whole = EventStreamReader.read(bytes, loadAttachment: noAttachments)
    let cut = Cut(input)
    let atLineStart = EventStreamReader.read(bytes.prefix(cut.lineStart), loadAttachment: noAttachments)
    if !Set(atLineStart.__testIDs).isSubset(of: whole.__nodeIDs) {
        finding(input, "cut at a line's start (\(cut.lineStart)), the stream has tests the whole stream does not")
    }
    for diagnostic in atLineStart.__diagnostics where diagnostic.line != nil && !whole.__diagnostics.contains(where: { $0 == diagnostic }) {
        finding(input, "cut at a line's start (\(cut.lineStart)), the stream says what the whole one does not: \(diagnostic.text)")
    }
    guard cut.offset > cut.lineStart else { return 0 }
    let inLine = EventStreamReader.read(bytes.prefix(cut.offset), loadAttachment: noAttachments)
    let partial = bytes[cut.lineStart..<cut.offset]
    let namesCutLine = inLine.__diagnostics.contains { $0.line == cut.completeLines + 1 }
    // A cut with only blanks after it on its line leaves the whole line: it reads as the whole
    // stream reads it (a record Foundation refuses, with a byte that is not UTF-8 in a key the
    // reader skips, is still one to ours; so is one followed by carriage returns: both found by
    // this harness).
    let lineEnd = input[cut.offset...].firstIndex(of: 0x0A) ?? input.count
    let wholeLine = blank(Data(input[cut.offset..<lineEnd]))
    let wholeStreamNamesLine = whole.__diagnostics.contains { $0.line == cut.completeLines + 1 }
    if !blank(partial), !namesCutLine, !(wholeLine && !wholeStreamNamesLine) {
        // The reader reads a byte that is not UTF-8 as U+FFFD, as Swift's strings do; Foundation
        // refuses the whole text (found by this harness, in a file path), so it is asked after
        // the same repair.
        let repaired = Data(String(decoding: partial, as: UTF8.self).utf8)
        guard (try? JSONSerialization.jsonObject(with: repaired)) is [String: Any] else {
            finding(input, "cut inside line \(cut.completeLines + 1) (at \(cut.offset)), no diagnostic names that line")
        }
    }
    if namesCutLine, Set(inLine.__testIDs) != Set(atLineStart.__testIDs) {
        finding(input, "a cut line that is not a record changed the tests")
    }
    return 0
}

#if FUZZ_SMOKE
/// The smoke build's entry (scripts/fuzz-all with FUZZ_BUILD=smoke): libFuzzer on ``fuzzEventStream(_:_:)``.
@main enum SmokeEntry { static func main() { runLibFuzzer(fuzzEventStream) } }
#endif
