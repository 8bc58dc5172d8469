import Foundation
import LivingSpec

/// An executable of swift-pyramid that another runs (`pyramid-mocks`, `pyramid-mutants`): it sits
/// in the running executable's folder, and when it is not there yet (after `swift run pyramid`,
/// which builds only `pyramid`) it is built there, in the same package, scratch folder and
/// configuration, so it shares every module already built.
///
/// The tools that parse Swift are executables of their own so that `pyramid` links no
/// swift-syntax: the first `swift run pyramid demo` compiles swift-syntax once (for the
/// reference app's macros), not a second time for `pyramid`.
package struct SiblingTool: Sendable, Equatable {
    /// Its product name.
    package var name: String
    /// Where it is, or would be once built.
    package var path: String
    /// The package that can build it: the running executable's, when it sits in one's products folder.
    package var products: SwiftPMProducts?

    /// `name` beside `executable` (by default the running one, its symbolic links resolved).
    package init(_ name: String, beside executable: String = Bundle.main.executablePath ?? CommandLine.arguments[0]) {
        self.name = name
        let folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        path = folder.appendingPathComponent(name).path
        products = SwiftPMProducts.of(executable: executable)
    }

    /// Whether it is there to run.
    package var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Builds it when it is not there, telling `progress` each step of SwiftPM's build.
    ///
    /// - Throws: ``SiblingToolError/missing(name:path:)`` when it is not there and the running
    ///   executable is not in a package that can build it; ``SiblingToolError/buildFailed(name:status:output:)``
    ///   with the end of SwiftPM's output.
    package func build(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        progress: @escaping @Sendable (SwiftBuildProgress) -> Void = { _ in }
    ) throws(SiblingToolError) {
        guard !isBuilt else { return }
        guard let products else { throw .missing(name: name, path: path) }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-build-\(getpid()).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let exit: Int32
        do {
            exit = try SwiftTestRunner.swift(
                products.buildArguments(product: name), environment: environment,
                echo: .lines { line in if let step = SwiftBuildProgress.parse(line) { progress(step) } }, keep: log)
        } catch {
            throw .buildFailed(name: name, status: nil, output: "\(error)")
        }
        guard exit == 0 else {
            let output = String(decoding: (FileManager.default.contents(atPath: log) ?? Data()).suffix(3000), as: UTF8.self)
            throw .buildFailed(name: name, status: exit, output: output)
        }
    }
}

/// Why a ``SiblingTool`` cannot be run.
package enum SiblingToolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// It is not at `path`, and the running executable was not built in a package that can build it.
    case missing(name: String, path: String)
    /// Building it failed: SwiftPM's exit status (nil when `swift` did not start) and the end of its output.
    case buildFailed(name: String, status: Int32?, output: String)

    package var description: String {
        switch self {
        case let .missing(name, path):
            "\(name) is not at \(path), and pyramid was not built in a package that can build it: "
                + "build it with `swift build --product \(name)` where pyramid was built"
        case let .buildFailed(name, status, output):
            "building \(name) failed" + (status.map { " with status \($0)" } ?? "") + "; its output ends:\n" + output
        }
    }
}
