/// Why `pyramid demo` could not run the pyramid. A failing test is not one of these: it is in
/// ``Demo/Summary``, and the demo exits 1 for it.
package enum DemoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder has no `Package.swift`.
    case noExamplesPackage(String)
    /// `swift build` could not be started.
    case cannotBuild(String, String)
    /// The app or its tests did not compile; the end of the build's output, and where all of it is.
    case buildFailed(String, status: Int32, log: String, tail: String)
    /// `swift test` could not be started, or wrote no event stream.
    case testRunFailed(String)
    /// The run's event stream or snapshot report could not be read.
    case unreadableRun(String)
    /// A file or folder of the output could not be written.
    case cannotWrite(String, String)
    /// Coverage was asked for and cannot be measured: a tool is missing, or failed.
    case coverageUnavailable(String)
    /// `--mutants` was asked for and the faults could not be measured.
    case mutantsFailed(String)

    package var description: String {
        switch self {
        case .noExamplesPackage(let folder):
            "no Package.swift in \(folder): the demo runs the Examples package of the swift-pyramid checkout"
        case .cannotBuild(let folder, let reason):
            "cannot build \(folder): \(reason)"
        case .buildFailed(let folder, let status, let log, let tail):
            "building \(folder) failed with status \(status); the whole output is in \(log); its end:\n\(tail)"
        case .testRunFailed(let reason):
            "the tests could not run: \(reason)"
        case .unreadableRun(let reason):
            "the test run could not be read: \(reason)"
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason)"
        case .coverageUnavailable(let reason):
            "coverage cannot be measured: \(reason) (pyramid demo --no-coverage runs without it)"
        case .mutantsFailed(let reason):
            "the faults each level catches could not be measured (--mutants): \(reason)"
        }
    }
}
