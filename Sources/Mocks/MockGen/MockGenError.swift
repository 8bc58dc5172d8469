/// Why a generation run stopped: a source that is missing or unreadable, or an output
/// that cannot be written.
///
/// Problems inside a source (syntax errors, protocols that cannot be mocked) do not stop
/// a run; they are `MockDiagnostic`s in the report.
public enum MockGenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A source, source directory or file list that does not exist or cannot be read;
    /// the message names it.
    case input(String)
    /// An output file or directory that cannot be created or written; the message names
    /// it and the system's reason.
    case output(String)

    /// The message, which names the file and what is wrong with it.
    public var description: String {
        switch self {
        case .input(let message), .output(let message): return message
        }
    }
}
