import Foundation
import FuzzSupport
@_spi(PyramidTools) import XCResult

/// A result bundle whose database is the input, and a file of `xcresulttool`'s JSON.
let bundle = ScratchFile("fuzz.xcresult/database.sqlite3")
let json = ScratchFile("tests.json")
let sqliteHeader = Array("SQLite format 3\0".utf8)

/// Result bundles read from any bytes: an input that starts as SQLite does is a bundle's
/// database, any other is `xcresulttool`'s JSON. A run or an ``XCResultError`` naming the file,
/// never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXCResult(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    if input.starts(with: sqliteHeader) {
        let folder = bundle.folder
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        bundle.write(input)
        do {
            _ = try XCResultBundle.read(bundles: [folder])
        } catch {
            if !error.description.contains(folder) { finding(input, "the error does not name the bundle: \(error)") }
        }
    } else {
        json.write(input)
        do {
            _ = try XCResultBundle.read(json: [json.path])
        } catch {
            if !error.description.contains(json.path) { finding(input, "the error does not name the file: \(error)") }
        }
    }
    return 0
}

#if FUZZ_SMOKE
/// The smoke build's entry (scripts/fuzz-all with FUZZ_BUILD=smoke): libFuzzer on ``fuzzXCResult(_:_:)``.
@main enum SmokeEntry { static func main() { runLibFuzzer(fuzzXCResult) } }
#endif
