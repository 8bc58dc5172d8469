/// The library that inflates a PNG's image data.
public enum InflateEngine: String, Sendable, CaseIterable, Codable {
    /// libdeflate when the system has it, else zlib.
    case automatic
    /// libdeflate, whole-buffer: the fastest, and the only engine that decodes our own
    /// references' bands in parallel. Decoding fails with a reason when it is not installed.
    case libdeflate
    /// zlib, streaming: everywhere, slower.
    case zlib

    /// The engine this choice means on this machine: `automatic` becomes `libdeflate` or `zlib`.
    package var resolved: InflateEngine {
        switch self {
        case .automatic: return Libdeflate.system == nil ? .zlib : .libdeflate
        case .libdeflate, .zlib: return self
        }
    }

    /// Whether libdeflate could be loaded (it is loaded the first time this is asked, or an
    /// image decoded, and that answer holds for the rest of the process).
    package static var libdeflateIsAvailable: Bool { Libdeflate.system != nil }

    /// Whether libdeflate can be loaded now: a fresh look, for an installer that has just
    /// installed it. Decoding keeps what it found first.
    package static func libdeflateIsInstalled() -> Bool { Libdeflate.load(candidates: Libdeflate.candidates) != nil }

    /// zlib's reasons for DEFLATE data whose Huffman codes are invalid.
    ///
    /// libdeflate follows zlib's strict checks except where they would cost speed, and maps a
    /// few invalid codes to valid ones (its own documentation says so). When the zlib stream's
    /// Adler-32 then matches what it decoded, ``libdeflate`` decodes an image that ``zlib``
    /// rejects with one of these reasons; the pixels are the ones the checksum vouches for. On
    /// PngSuite and on the fuzzer's corpus no other outcome differs, and the fuzzer checks it.
    @_spi(PyramidTools) public static let codeErrorsLibdeflateMayAccept: Set<String> = [
        "invalid literal/length code", "invalid distance code", "invalid code lengths set", "invalid bit length repeat",
        "invalid literal/lengths set", "invalid distances set", "invalid code -- missing end-of-block",
        "too many length or distance symbols",
    ]

    /// What to install where libdeflate is missing, for messages.
    package static let libdeflateInstallHint = "install libdeflate (Debian and Ubuntu: apt-get install \(libdeflateDebianPackage))"

    /// The Debian package scripts/test and the demo install for libdeflate (it brings the library, libdeflate0).
    package static let libdeflateDebianPackage = "libdeflate-dev"
}

/// How a decode read the image data.
public enum ImageDataPath: Sendable, Equatable {
    /// One zlib stream inflated in order: every PNG that PNGEncoder did not write.
    case sequential
    /// PNGEncoder's band index was used: this many bands of rows were inflated and
    /// unfiltered in parallel.
    case parallelBands(Int)
    /// The file carries a band index that could not be used, for this reason, so the image
    /// data was decoded as one stream (and checked as such).
    case indexIgnored(String)
}
