/// Why coverage could not be measured: each case says what and where.
public enum CoverageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An LLVM tool (`llvm-profdata`, `llvm-cov`) is not installed where it was looked for.
    case missingTool(name: String, searched: [String])
    /// `llvm-profdata` would not read a raw profile: the file, and the tool's reason.
    case rejectedProfile(path: String, reason: String)
    /// A tool ran and failed for another reason: the command and what it printed.
    case toolFailed(command: String, status: Int32, message: String)
    /// A tool's output is not what this version reads.
    case unreadableOutput(tool: String, reason: String)
    /// A file of the report could not be written.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .missingTool(let name, let searched):
            "\(name) was not found (looked \(searched.joined(separator: ", "))): it ships with the Swift toolchain, next to swift; on macOS, with Xcode (xcrun --find \(name))"
        case .rejectedProfile(let path, let reason):
            "\(path): llvm-profdata cannot read this profile: \(reason)"
        case .toolFailed(let command, let status, let message):
            "\(command) failed (exit \(status))" + (message.isEmpty ? "" : ": \(message)")
        case .unreadableOutput(let tool, let reason):
            "\(tool)'s output could not be read: \(reason)"
        case .cannotWrite(let path, let reason):
            "\(path): cannot be written: \(reason)"
        }
    }
}
