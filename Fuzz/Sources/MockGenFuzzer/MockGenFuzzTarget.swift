import Foundation
import FuzzSupport
import MockGen
import SwiftParser
import SwiftSyntax

/// The Swift file the input becomes, and the file the mocks are written to.
let source = ScratchFile("Source.swift")
let mocks = ScratchFile("Mocks.swift")

/// Any Swift source given to the mock generator: mocks or diagnostics, never a trap (libFuzzer's
/// `-timeout` bounds the time). From a source that parses without errors, whatever it writes is
/// Swift that parses without errors too (a broken source's imports are copied as they are).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMockGen(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    source.write(input)
    try? FileManager.default.removeItem(atPath: mocks.path)
    let report: MockGenerationReport
    do {
        report = try MockGenerator.run(MockGenerationRequest(sources: [source.path], destination: mocks.path, concurrency: 1))
    } catch {
        if !error.description.contains(source.folder) { finding(input, "the error does not name the file: \(error)") }
        return 0
    }
    guard report.mocks > 0, !Parser.parse(source: String(decoding: input, as: UTF8.self)).hasError else { return 0 }
    guard let written = FileManager.default.contents(atPath: mocks.path) else {
        finding(input, "\(report.mocks) mocks reported, none written")
    }
    let tree = Parser.parse(source: String(decoding: written, as: UTF8.self))
    if tree.hasError {
        finding(input, "the mocks written are not valid Swift:\n\(String(decoding: written, as: UTF8.self).prefix(3000))")
    }
    return 0
}

#if FUZZ_SMOKE
/// The smoke build's entry (scripts/fuzz-all with FUZZ_BUILD=smoke): libFuzzer on ``fuzzMockGen(_:_:)``.
@main enum SmokeEntry { static func main() { runLibFuzzer(fuzzMockGen) } }
#endif
