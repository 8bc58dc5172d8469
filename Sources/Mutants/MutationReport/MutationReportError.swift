/// Why a mutation run's reports could not be read, written or merged: what failed, and where.
package enum MutationReportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A report that is missing, not JSON, or not one `pyramid mutants` wrote: its path and why.
    case unreadable(String, reason: String)
    /// A report could not be written.
    case cannotWrite(path: String, reason: String)
    /// Shards that cannot be merged: why.
    case mergeMismatch(String)

    package var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot be read (\(reason))"
        case .cannotWrite(let path, let reason): "\(path): cannot be written (\(reason))"
        case .mergeMismatch(let reason): "cannot merge the mutation runs: \(reason)"
        }
    }
}
