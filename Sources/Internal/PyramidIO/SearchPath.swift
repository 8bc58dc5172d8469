import Foundation

/// Finds a program by name on `PATH`, as a shell does: the one place that reads `PATH`.
package enum SearchPath {
    /// The folders of `PATH`, in order; the shell's default when it is unset.
    package static func folders(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
    }

    /// The first executable file named `name` in a folder of `PATH`; nil when there is none.
    package static func find(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        folders(environment: environment).lazy.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
