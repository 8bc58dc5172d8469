import Foundation
import PyramidIO

/// The system's zstd, loaded with `dlopen` when first needed (see `DynamicLibrary`): a result
/// bundle's attachment payloads (`Data/data.<id>`) are zstd frames. SwiftPM links libzstd on
/// Linux, so it is there wherever Swift runs; on macOS it is there once zstd is installed
/// (Homebrew's), and without it attachments are listed but not extracted, with a note saying so.
struct Zstd: @unchecked Sendable {
    typealias FrameContentSize = @convention(c) (UnsafeRawPointer?, Int) -> UInt64
    typealias Decompress = @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeRawPointer?, Int) -> Int
    typealias Compress = @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeRawPointer?, Int, Int32) -> Int
    typealias CompressBound = @convention(c) (Int) -> Int
    typealias IsError = @convention(c) (Int) -> UInt32
    typealias ErrorName = @convention(c) (Int) -> UnsafePointer<CChar>?

    let frameContentSize: FrameContentSize
    let decompressFrame: Decompress
    let compressFrame: Compress
    let compressBound: CompressBound
    let isError: IsError
    let errorName: ErrorName

    /// The system's zstd, or nil when none could be loaded. Loaded once.
    static let system: Zstd? = {
        let names = [
            "ZSTD_getFrameContentSize", "ZSTD_decompress", "ZSTD_compress", "ZSTD_compressBound", "ZSTD_isError",
            "ZSTD_getErrorName",
        ]
        let candidates = ["libzstd.so.1", "libzstd.so", "libzstd.1.dylib", "libzstd.dylib", "/opt/homebrew/lib/libzstd.dylib"]
        guard let library = DynamicLibrary.open(candidates, requiring: names),
              let size = library.function(names[0], as: FrameContentSize.self),
              let decompress = library.function(names[1], as: Decompress.self),
              let compress = library.function(names[2], as: Compress.self),
              let bound = library.function(names[3], as: CompressBound.self),
              let isError = library.function(names[4], as: IsError.self),
              let errorName = library.function(names[5], as: ErrorName.self)
        else { return nil }
        return Zstd(
            frameContentSize: size, decompressFrame: decompress, compressFrame: compress, compressBound: bound,
            isError: isError, errorName: errorName)
    }()

    /// Why a frame could not be decompressed.
    struct Failure: Error, Equatable {
        var reason: String
    }

    /// The bytes of the zstd frame `data`, at most `limit` of them.
    func decompress(_ data: Data, limit: Int) throws(Failure) -> Data {
        let declared: UInt64 = data.withUnsafeBytes { frameContentSize($0.baseAddress, $0.count) }
        // ZSTD_CONTENTSIZE_ERROR and ZSTD_CONTENTSIZE_UNKNOWN are the two largest values.
        if declared == UInt64.max - 1 { throw Failure(reason: "not a zstd frame") }
        if declared != UInt64.max, declared > UInt64(limit) {
            throw Failure(reason: "it would inflate to \(declared) bytes, more than the \(limit) allowed")
        }
        var capacity = declared == UInt64.max ? min(limit, max(1 << 16, data.count * 8)) : Int(declared)
        while true {
            var output = Data(count: capacity)
            let produced = output.withUnsafeMutableBytes { out in
                data.withUnsafeBytes { input in decompressFrame(out.baseAddress, capacity, input.baseAddress, input.count) }
            }
            if isError(produced) == 0 {
                output.count = produced
                return output
            }
            let name = errorName(produced).map { String(cString: $0) } ?? "error \(produced)"
            // Too small a guess for a frame that did not declare its size: grow, up to the limit.
            guard declared == UInt64.max, name.lowercased().contains("too small"), capacity < limit else {
                throw Failure(reason: name)
            }
            capacity = min(limit, capacity * 4)
        }
    }

    /// `data` as one zstd frame: for tests that make bundles with payloads.
    func compress(_ data: Data, level: Int32 = 3) throws(Failure) -> Data {
        let capacity = compressBound(data.count)
        var output = Data(count: capacity)
        let produced = output.withUnsafeMutableBytes { out in
            data.withUnsafeBytes { input in compressFrame(out.baseAddress, capacity, input.baseAddress, input.count, level) }
        }
        guard isError(produced) == 0 else { throw Failure(reason: errorName(produced).map { String(cString: $0) } ?? "error") }
        output.count = produced
        return output
    }
}
