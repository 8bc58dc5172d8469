import Foundation
import PackagePlugin

/// Generates mocks for a test target from the sources of the targets it tests, at build
/// time, so no generated file is committed. Apply it to a test target:
///
///     .testTarget(name: "AppTests", dependencies: ["App"],
///                 plugins: [.plugin(name: "PyramidMocksPlugin", package: "swift-pyramid")])
///
/// Every `/// @mockable` protocol in the test target's source-module dependencies gets a
/// mock in `GeneratedMocks.swift`, which imports those modules with `@testable`.
@main
struct PyramidMocksPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let testTarget = target as? SourceModuleTarget else { return [] }
        var modules: [SourceModuleTarget] = []
        for dependency in target.dependencies {
            if case .target(let dependencyTarget) = dependency,
               let module = dependencyTarget as? SourceModuleTarget, module.kind != .test {
                modules.append(module)
            }
        }
        let sources = modules.flatMap { module in
            module.sourceFiles(withSuffix: "swift").map(\.url)
        }
        guard !sources.isEmpty else {
            Diagnostics.warning("PyramidMocksPlugin: \(testTarget.name) depends on no source module to mock")
            return []
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedMocks.swift")
        let cache = context.pluginWorkDirectoryURL.appending(path: "cache")
        var arguments = ["--output", output.path, "--cache-dir", cache.path]
        arguments += modules.flatMap { ["--testable-import", $0.moduleName] }
        arguments += ["--"] + sources.map(\.path)
        return [
            .buildCommand(
                displayName: "Generating mocks for \(testTarget.name) from \(modules.map(\.name).joined(separator: ", "))",
                executable: try context.tool(named: "PyramidMocksPluginTool").url,
                arguments: arguments,
                inputFiles: sources,
                outputFiles: [output])
        ]
    }
}
