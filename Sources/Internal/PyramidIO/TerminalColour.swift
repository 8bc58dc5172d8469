#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Whether output may be coloured with ANSI escape codes: only on a terminal, and never when
/// `NO_COLOR` holds a value (no-color.org: any value but the empty one turns colour off).
package enum TerminalColour {
    /// Whether output to a stream that is (or is not) a terminal may be coloured, in `environment`.
    package static func allowed(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// Whether this process's standard error may be coloured (`environment` is this process's when nil).
    package static func allowedOnStandardError(environment: [String: String]? = nil) -> Bool {
        allowed(isTerminal: isatty(STDERR_FILENO) == 1, environment: environment ?? ProcessInfo.processInfo.environment)
    }

    /// The environment of a child process whose output is shown to the user: `environment` with
    /// `NO_COLOR=1` when colour is not `allowed`, so that a child that colours whenever `TERM`
    /// names a terminal (a Swift Testing binary run directly does) writes plain text into a pipe
    /// or a file.
    package static func childEnvironment(_ environment: [String: String], allowed: Bool) -> [String: String] {
        guard !allowed else { return environment }
        var plain = environment
        plain["NO_COLOR"] = "1"
        return plain
    }
}
