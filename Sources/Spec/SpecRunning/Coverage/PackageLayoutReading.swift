import Foundation
package import LivingSpec
import PyramidIO

/// Reading a built package's layout: SwiftPM asked for its bin folder and its description.
extension PackageLayout {
    /// The test bundle, to list and run the tests without SwiftPM.
    package var testBundle: TestBundle { TestBundle(path: binaries[0]) }

    /// The layout of the package at `packagePath`, built with `buildArguments`; `only` names the
    /// targets to measure (`--coverage-target`), every library and executable target when empty.
    ///
    /// - Throws: ``SpecError/swiftCommandFailed(package:command:exitStatus:output:)`` when SwiftPM
    ///   cannot describe the package; ``SpecError/invalidCoverageTarget(_:known:)`` for a name in
    ///   `only` that is not one of its measurable targets.
    package static func read(packagePath: String, buildArguments: [String] = [], only: [String] = []) throws(SpecError) -> PackageLayout {
        try read(packagePath: packagePath, buildArguments: buildArguments, only: only, environment: ProcessInfo.processInfo.environment)
    }

    /// The same, SwiftPM run in `environment`: the build's, when its manifest reads a variable
    /// (SwiftPM plans with the manifest it then evaluates, and a different plan makes the next
    /// build do steps again).
    package static func read(packagePath: String, buildArguments: [String], only: [String], environment: [String: String]) throws(SpecError) -> PackageLayout {
        let build = try swift(
            ["build", "--package-path", packagePath, "--show-bin-path"] + buildOptions(buildArguments), "swift build --show-bin-path", packagePath, environment)
        let bin = build.trimmingCharacters(in: .whitespacesAndNewlines)
        // The same scratch folder, so describing the package resolves nothing into another one.
        let options = buildOptions(buildArguments)
        let scratchOption = (options.firstIndex(of: "--scratch-path").map { Array(options[$0...].prefix(2)) }
            ?? options.filter { $0.hasPrefix("--scratch-path=") }) + options.filter { $0 == "--ignore-lock" }
        let described = try swift(
            ["package", "--package-path", packagePath] + scratchOption + ["describe", "--type", "json"], "swift package describe", packagePath, environment)
        return try read(describe: described, bin: bin, only: only)
    }

    /// The options of `arguments` that choose the build (`--scratch-path`, `-c`).
    private static func buildOptions(_ arguments: [String]) -> [String] {
        SwiftTestRunner(packagePath: "", extraArguments: arguments, workFolder: "/").buildOptions
    }

    private static func swift(_ arguments: [String], _ command: String, _ package: String, _ environment: [String: String]) throws(SpecError) -> String {
        let (status, output, errors) = try SwiftTestRunner.capture(arguments, environment: environment)
        guard status == 0 else {
            throw .swiftCommandFailed(package: package, command: command, exitStatus: status, output: String((output + errors).suffix(2000)))
        }
        return output
    }
}
