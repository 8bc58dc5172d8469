/// Why mutants could not be planted: what failed, and where.
package enum MutationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The workspace's folder is there and is not a workspace: a run never writes over it.
    case workspaceExists(String)
    /// A file to mutate is in none of the package's modules.
    case notInATarget(String)
    case unreadable(String, reason: String)
    case unwritable(String, reason: String)

    package var description: String {
        switch self {
        case .workspaceExists(let path): "\(path): exists and is not a mutants' workspace; a run writes over no other folder"
        case .notInATarget(let file): "\(file): not in any module of the package"
        case .unreadable(let path, let reason): "\(path): cannot be read (\(reason))"
        case .unwritable(let path, let reason): "\(path): cannot be written (\(reason))"
        }
    }
}
