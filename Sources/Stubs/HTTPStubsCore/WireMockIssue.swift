/// Something in a WireMock mapping that HTTPStubs does not support or that is wrong.
///
/// A mapping with any issue is not loaded: a stub that silently ignored part of its rule would
/// answer requests WireMock would not.
public struct WireMockIssue: Error, Sendable, Hashable, CustomStringConvertible {
    /// Whether the field is outside the supported subset or has a bad value.
    public enum Problem: Sendable, Hashable {
        /// WireMock has this field or value; HTTPStubs does not support it.
        case unsupported
        /// The value is wrong, for the stated reason.
        case invalid(String)
    }

    /// The file (or other source) the mapping came from.
    public var source: String
    /// The mapping's position in the file, from 0.
    package var mappingIndex: Int
    /// The mapping's `id` (or `uuid`), when it has one.
    package var mappingID: String?
    /// The field, as a path into the mapping: "request.bodyPatterns[0].matchesXPath".
    public var field: String
    /// What is wrong.
    public var problem: Problem

    /// An issue with a mapping: the file, the mapping's index and id in it, the field, and the problem.
    package init(source: String, mappingIndex: Int, mappingID: String?, field: String, problem: Problem) {
        self.source = source
        self.mappingIndex = mappingIndex
        self.mappingID = mappingID
        self.field = field
        self.problem = problem
    }

    /// "mappings/a.json, mapping 0 (id …): request.bodyPatterns[0].matchesXPath is not supported".
    public var description: String {
        let mapping = "\(source), mapping \(mappingIndex)" + (mappingID.map { " (id \($0))" } ?? "")
        switch problem {
        case .unsupported: return "\(mapping): \(field) is not supported"
        case .invalid(let reason): return "\(mapping): \(field): \(reason)"
        }
    }
}

/// The stubs read from a WireMock mapping file, and the mappings that could not be loaded.
public struct WireMockImport: Sendable {
    /// The stubs of every mapping without issues, in file order.
    public var stubs: [Stub]
    /// Every issue, in file order; each mapping named here was skipped.
    public var issues: [WireMockIssue]

    /// What was read: the stubs of the mappings without issues, and the issues.
    package init(stubs: [Stub] = [], issues: [WireMockIssue] = []) {
        self.stubs = stubs
        self.issues = issues
    }
}

/// A WireMock mapping file that cannot be read at all.
public enum WireMockFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not JSON.
    case invalidJSON(source: String, JSONParseError)
    /// The file is JSON but neither a mapping object nor `{"mappings": [...]}`.
    case notAMappingFile(source: String, reason: String)

    public var description: String {
        switch self {
        case .invalidJSON(let source, let error): "\(source): \(error)"
        case .notAMappingFile(let source, let reason): "\(source): not a WireMock mapping file: \(reason)"
        }
    }
}

/// A stub that WireMock's mapping JSON cannot express.
public struct WireMockEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The stub's `displayName`.
    public var stubName: String
    /// What cannot be expressed.
    public var reason: String

    public var description: String { "stub \(stubName) cannot be written as a WireMock mapping: \(reason)" }
}
