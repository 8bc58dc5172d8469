import Foundation
import FuzzSupport
@_spi(PyramidTools) import TestEventStream

/// XCTest's console output and xUnit files read from any bytes, never a trap. The console reader
/// reports a test when its last line ends, from the lines before it only: the output cut where a
/// line ends gives the first tests of the whole output, the same ones.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXCTestOutput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let text = String(decoding: input, as: UTF8.self)
    let whole = XCTestLogReader.read(text)
    let cut = Cut(input)
    // The prefix is cut at a line break, so no character is split.
    let prefix = String(decoding: UnsafeRawBufferPointer(rebasing: input[..<cut.lineStart]), as: UTF8.self)
    let before = XCTestLogReader.read(prefix)
    if before.count > whole.count || Array(whole.prefix(before.count)) != before {
        finding(input, "cut at \(cut.lineStart), the console gives \(before.count) tests that are not the first of the whole output's \(whole.count)")
    }
    _ = XCTestLogReader.read(String(decoding: UnsafeRawBufferPointer(rebasing: input[..<cut.offset]), as: UTF8.self))
    _ = try? XUnitReader.read(Data(input), path: "fuzz.xml")
    return 0
}

#if FUZZ_SMOKE
/// The smoke build's entry (scripts/fuzz-all with FUZZ_BUILD=smoke): libFuzzer on ``fuzzXCTestOutput(_:_:)``.
@main enum SmokeEntry { static func main() { runLibFuzzer(fuzzXCTestOutput) } }
#endif
