import Foundation
import PyramidIO
import PyramidJSON

/// Where the toolchain's coverage tools are: `llvm-profdata` (merges raw profiles) and
/// `llvm-cov` (reads a merged profile with the binaries that wrote it). Both ship with Swift on
/// Linux, next to `swift`, and with Xcode on macOS.
package struct CoverageTools: Sendable, Equatable {
    /// The path of `llvm-profdata`.
    package var profdata: String
    /// The path of `llvm-cov`.
    package var cov: String

    /// Tools at the paths given.
    package init(profdata: String, cov: String) {
        self.profdata = profdata
        self.cov = cov
    }

    /// The tools of the toolchain that runs here (`environment` is this process's when nil): in `PYRAMID_LLVM_BIN` when it is set, else next
    /// to the `swift` found on `PATH` (its links followed), else in the toolchain that `swift
    /// -print-target-info` names (a `swift` that is a wrapper script), else on `PATH`, else (on
    /// macOS) where `xcrun` says.
    ///
    /// - Throws: ``CoverageError/missingTool(name:searched:)`` naming the first tool not found
    ///   and every place looked in.
    package static func locate(environment: [String: String]? = nil) throws(CoverageError) -> CoverageTools {
        let environment = environment ?? ProcessInfo.processInfo.environment
        var folders: [(folder: String, said: String)] = []
        if let explicit = environment["PYRAMID_LLVM_BIN"], !explicit.isEmpty {
            folders = [(explicit, "in \(explicit) (PYRAMID_LLVM_BIN)")]
        } else {
            if let swift = SearchPath.find("swift", environment: environment) {
                let real = URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent().path
                folders.append((real, "next to swift (\(real))"))
                // A `swift` that is a wrapper script, not a link into its toolchain: the toolchain
                // says where it is. Without this, PATH could give another LLVM's tools, which
                // reject the profiles this compiler writes.
                let hasTools = ["llvm-profdata", "llvm-cov"].allSatisfy { FileManager.default.isExecutableFile(atPath: real + "/" + $0) }
                if !hasTools, let toolchain = toolchainFolder(swift: swift), toolchain != real {
                    folders.append((toolchain, "in the toolchain swift -print-target-info names (\(toolchain))"))
                }
            }
            for folder in SearchPath.folders(environment: environment) where !folders.contains(where: { $0.folder == folder }) {
                folders.append((folder, ""))
            }
        }
        func find(_ name: String) throws(CoverageError) -> String {
            if let found = folders.lazy.map({ $0.folder + "/" + name }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
                return found
            }
            #if os(macOS)
            if let run = try? ChildProcess.run(executable: "/usr/bin/xcrun", arguments: ["--find", name]), run.status == 0 {
                let path = String(decoding: run.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                if FileManager.default.isExecutableFile(atPath: path) { return path }
            }
            #endif
            var searched = folders.map(\.said).filter { !$0.isEmpty }
            if environment["PYRAMID_LLVM_BIN"]?.isEmpty ?? true { searched.append("on PATH") }
            throw .missingTool(name: name, searched: searched)
        }
        return CoverageTools(profdata: try find("llvm-profdata"), cov: try find("llvm-cov"))
    }

    /// The `bin` folder of the toolchain `swift` runs, from its `-print-target-info`
    /// (`runtimeResourcePath` is `<toolchain>/usr/lib/swift`), or nil when it does not say.
    static func toolchainFolder(swift: String) -> String? {
        guard let run = try? ChildProcess.run(executable: swift, arguments: ["-print-target-info"]), run.status == 0,
            let info = try? JSONValue.decode(run.stdout),
            let resources = info["paths"]?["runtimeResourcePath"]?.stringValue
        else { return nil }
        return URL(fileURLWithPath: resources).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("bin").standardizedFileURL.path
    }
}
