/// Why VisualTesting could not read or write its files. Every case names the path.
public enum VisualTestingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A folder cannot be listed, and why.
    case directoryUnreadable(path: String, reason: String)
    /// A `manifest.json` cannot be read, and why.
    case manifestUnreadable(path: String, reason: String)
    /// A file cannot be written, and why.
    case writeFailed(path: String, reason: String)
    /// A run report (`snapshot-report.jsonl`) could not be read.
    case reportUnreadable(path: String, reason: String)
    /// A file the module ships as a resource (the gallery's script) is in none of the places searched.
    case resourceMissing(name: String, searched: [String])

    /// The file or folder the error is about.
    public var path: String {
        switch self {
        case let .directoryUnreadable(path, _), let .manifestUnreadable(path, _), let .writeFailed(path, _),
             let .reportUnreadable(path, _):
            path
        case let .resourceMissing(name, searched):
            searched.first ?? name
        }
    }

    /// Why it failed, as the system said it.
    public var reason: String {
        switch self {
        case let .directoryUnreadable(_, reason), let .manifestUnreadable(_, reason), let .writeFailed(_, reason),
             let .reportUnreadable(_, reason):
            reason
        case let .resourceMissing(name, _):
            "\(name) is missing"
        }
    }

    public var description: String {
        switch self {
        case let .directoryUnreadable(path, reason):
            return "snapshot folder could not be read: \(path): \(reason)"
        case let .manifestUnreadable(path, reason):
            return "snapshot manifest could not be read: \(path): \(reason)"
        case let .writeFailed(path, reason):
            return "could not write \(path): \(reason)"
        case let .reportUnreadable(path, reason):
            return "snapshot report could not be read: \(path): \(reason)"
        case let .resourceMissing(name, searched):
            return "VisualTestingCore's \(name) was not found; searched \(searched.joined(separator: ", ")). "
                + "Run pyramid from its build folder, or keep its resource bundle beside it"
        }
    }
}
