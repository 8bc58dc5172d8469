/// Why VisualTesting could not read or write its files. Every case names the path.
public enum VisualTestingError: Error, Sendable, Equatable, CustomStringConvertible {
    case directoryUnreadable(path: String, reason: String)
    case manifestUnreadable(path: String, reason: String)
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case let .directoryUnreadable(path, reason):
            return "snapshot folder could not be read: \(path): \(reason)"
        case let .manifestUnreadable(path, reason):
            return "snapshot manifest could not be read: \(path): \(reason)"
        case let .writeFailed(path, reason):
            return "could not write \(path): \(reason)"
        }
    }
}
