public import Foundation
public import MockModel

/// What to generate: which sources, where to, and how.
///
/// Every property has a `pyramid mocks` flag of the same meaning; the defaults are the
/// flags left out, except ``cacheDirectory``, which is `nil` (no cache) here while the
/// command uses `defaultCacheDirectory` unless told `--no-cache`.
///
/// ```swift
/// let request = MockGenerationRequest(
///     sources: try SourceDiscovery.files(
///         directories: ["Sources/App"], files: [], fileList: nil, excludeSuffixes: []),
///     destination: "Tests/AppTests/Mocks.swift",
///     options: RenderOptions(testableImports: ["App"]))
/// let report = try MockGenerator.run(request)
/// ```
public struct MockGenerationRequest: Sendable {
    /// The Swift files to read, as paths (`-s`, `-srcs` and `-f` name them; see
    /// ``SourceDiscovery/files(directories:files:fileList:excludeSuffixes:)``).
    public var sources: [String]
    /// The output file; with ``perFile``, the output directory (`-d/--destination`).
    public var destination: String
    /// Writes one `<Source>Mocks.swift` per source file that declares annotated
    /// protocols, in ``destination`` and mirroring the sources' folders, instead of one
    /// file (`--per-file`). Generated files the run no longer produces are removed; files
    /// the generator did not write are left alone.
    public var perFile: Bool
    /// How the mocks are written: final classes, argument history, header and imports.
    public var options: RenderOptions
    /// The comment marker of protocols to mock (`--annotation`), `@mockable` by default.
    /// A protocol is mocked when a comment right above it contains the marker not
    /// followed by a letter, digit or underscore: `/// @mockable` or
    /// `/// @mockable(history: fetch = true)`, but not `/// @mockableLater`.
    public var annotation: String
    /// Threads for reading, parsing and rendering (`-j/--concurrency-limit`); a number
    /// below 1 counts as 1. The output is the same for any number.
    public var concurrency: Int
    /// Mock files from the modules the sources depend on (`--mockfiles`, `--mock-filelist`):
    /// a mocked protocol whose parent is declared in such a module, not among the sources,
    /// repeats that parent's mock members, as mockolo does.
    package var mockFiles: [String] = []
    /// Where the incremental cache lives (`--cache-dir`); `nil` turns it off (`--no-cache`).
    /// With a cache, a rerun whose inputs, options and outputs are unchanged reads the
    /// sources, finds them unchanged, and parses, renders and writes nothing.
    public var cacheDirectory: String?

    /// A request with mockolo's defaults for everything but the sources and the destination.
    ///
    /// - Parameters:
    ///   - sources: The Swift files to read.
    ///   - destination: The output file, or with `perFile` the output directory.
    ///   - perFile: Whether to write one `<Source>Mocks.swift` per source file.
    ///   - options: How the mocks are written.
    ///   - annotation: The comment marker of protocols to mock.
    ///   - concurrency: Threads for reading, parsing and rendering; the number of cores by default.
    ///   - cacheDirectory: Where the incremental cache lives; `nil`, the default, turns it off.
    public init(
        sources: [String], destination: String, perFile: Bool = false, options: RenderOptions = RenderOptions(),
        annotation: String = "@mockable", concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        cacheDirectory: String? = nil
    ) {
        self.sources = sources
        self.destination = destination
        self.perFile = perFile
        self.options = options
        self.annotation = annotation
        self.concurrency = concurrency
        self.cacheDirectory = cacheDirectory
    }

    /// The cache directory `pyramid mocks` uses unless told otherwise:
    /// `$XDG_CACHE_HOME/swift-pyramid/mocks`, or `~/.cache/swift-pyramid/mocks` when
    /// `XDG_CACHE_HOME` is unset or empty.
    package static var defaultCacheDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".cache")
        return (base as NSString).appendingPathComponent("swift-pyramid/mocks")
    }
}
