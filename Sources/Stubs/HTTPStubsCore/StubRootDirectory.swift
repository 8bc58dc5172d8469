import Foundation

/// WireMock's `--root-dir` layout: mapping files under `mappings/` (any depth, `.json`), and
/// the bodies they name with `bodyFileName` under `__files/`.
///
/// `pyramid stubs serve --root-dir` serves one; a test can load one into its own registry and
/// answer in process, with no server:
///
/// ```swift
/// @Test(.httpStubs)
/// func readsTheRecordedAPI() async throws {
///     let loaded = try StubRootDirectory("Tests/Fixtures/wiremock").load()
///     #expect(loaded.issues.isEmpty, "\(loaded.issues)")
///     StubRegistry.current.add(loaded.stubs)
///     let client = ArticleAPIClient(session: StubRegistry.current.makeSession())
///     …
/// }
/// ```
public struct StubRootDirectory: Sendable {
    /// The root, as given.
    public var path: String
    /// `mappings/` under the root: the mapping files.
    package var mappingsDirectory: String { (path as NSString).appendingPathComponent("mappings") }
    /// `__files/` under the root: the bodies mappings name with `bodyFileName`.
    public var filesDirectory: String { (path as NSString).appendingPathComponent("__files") }

    /// The root directory at `path` (relative paths from the current directory).
    public init(_ path: String) {
        self.path = path
    }

    /// Reads every mapping file, in path order. Mappings with issues are left out and their
    /// issues returned, each naming its file, mapping and field.
    ///
    /// Throws when the root is missing or not a directory, or a file cannot be read or is not
    /// a mapping file at all (the error names it). A root without `mappings/` has no stubs.
    public func load() throws(StubRootError) -> WireMockImport {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missingRoot(path: path) }
        guard isDirectory.boolValue else { throw .notADirectory(path: path) }
        guard FileManager.default.fileExists(atPath: mappingsDirectory) else { return WireMockImport(stubs: [], issues: []) }
        var files: [String] = []
        if let walker = FileManager.default.enumerator(atPath: mappingsDirectory) {
            for case let relative as String in walker where relative.lowercased().hasSuffix(".json") {
                files.append(relative)
            }
        }
        var result = WireMockImport(stubs: [], issues: [])
        for relative in files.sorted() {
            let file = (mappingsDirectory as NSString).appendingPathComponent(relative)
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                throw .unreadable(path: file, reason: error.localizedDescription)
            }
            do throws(WireMockFileError) {
                let imported = try WireMockMapping.decode(data, source: "mappings/" + relative, filesDirectory: filesDirectory)
                result.stubs += imported.stubs
                result.issues += imported.issues
            } catch {
                throw .invalidMappingFile(error)
            }
        }
        return result
    }
}

/// Why a root directory could not be loaded.
public enum StubRootError: Error, Sendable, CustomStringConvertible {
    /// The root does not exist.
    case missingRoot(path: String)
    /// The root is a file, not a directory.
    case notADirectory(path: String)
    /// A file or directory under the root cannot be read, and why.
    case unreadable(path: String, reason: String)
    /// A file under `mappings/` is not a WireMock mapping file.
    case invalidMappingFile(WireMockFileError)
    /// A file or directory under the root cannot be written, and why.
    case unwritable(path: String, reason: String)
    /// A stub has no WireMock form, so it cannot be written as a mapping.
    case notRepresentable(WireMockEncodingError)

    public var description: String {
        switch self {
        case .missingRoot(let path): "no root directory at \(path)"
        case .notADirectory(let path): "\(path) is not a directory (expected WireMock's layout: mappings/ and __files/)"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .invalidMappingFile(let error): error.description
        case .unwritable(let path, let reason): "cannot write \(path): \(reason)"
        case .notRepresentable(let error): "\(error)"
        }
    }
}
