import Foundation
import PyramidIO
import PyramidJSON

/// What coverage is measured with, for a built package: the test bundle and the executables
/// (apps that UI tests launch), from `swift build --show-bin-path`, and the folders of the code
/// under test, from `swift package describe`: the package's own library and executable targets,
/// not its tests, macros, plugins or dependencies.
package struct PackageLayout: Sendable, Equatable {
    /// The test bundle's binary, then each executable that was built.
    package var binaries: [String]
    /// Each measured target's name and source folder.
    package var targets: [(name: String, folder: String)]
    /// The package's folder.
    package var root: String

    /// The test bundle, to list and run the tests without SwiftPM.
    package var testBundle: TestBundle { TestBundle(path: binaries[0]) }

    package static func == (left: PackageLayout, right: PackageLayout) -> Bool {
        left.binaries == right.binaries && left.root == right.root && left.targets.map(\.name) == right.targets.map(\.name)
            && left.targets.map(\.folder) == right.targets.map(\.folder)
    }

    /// A layout with its parts given.
    package init(binaries: [String], targets: [(name: String, folder: String)], root: String) {
        self.binaries = binaries
        self.targets = targets
        self.root = root
    }

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

    /// The layout `swift package describe --type json` gives, with the binaries in `bin`.
    /// - Throws: ``SpecError`` as ``read(packagePath:buildArguments:only:)``.
    package static func read(describe: String, bin: String, only: [String]) throws(SpecError) -> PackageLayout {
        guard let json = try? JSONValue.decode(Array(describe.utf8)), let name = json["name"]?.stringValue,
              let root = json["path"]?.stringValue
        else {
            throw .unreadableInput(path: "swift package describe", reason: "not a package description")
        }
        var measurable: [(name: String, folder: String)] = []
        for target in json["targets"]?.arrayValue ?? [] {
            guard let targetName = target["name"]?.stringValue, let path = target["path"]?.stringValue,
                  let type = target["type"]?.stringValue, type == "library" || type == "executable"
            else { continue }
            measurable.append((targetName, path.hasPrefix("/") ? path : (root as NSString).appendingPathComponent(path)))
        }
        let unknown = only.filter { wanted in !measurable.contains { $0.name == wanted } }
        if let first = unknown.first { throw .invalidCoverageTarget(first, known: measurable.map(\.name)) }
        let targets = only.isEmpty ? measurable : measurable.filter { only.contains($0.name) }
        #if os(macOS)
        let bundle = "\(bin)/\(name)PackageTests.xctest/Contents/MacOS/\(name)PackageTests"
        #else
        let bundle = "\(bin)/\(name)PackageTests.xctest"
        #endif
        var binaries = [bundle]
        for product in json["products"]?.arrayValue ?? [] where product["type"]?["executable"] != nil {
            if let productName = product["name"]?.stringValue, FileManager.default.isExecutableFile(atPath: "\(bin)/\(productName)") {
                binaries.append("\(bin)/\(productName)")
            }
        }
        return PackageLayout(binaries: binaries, targets: targets, root: root)
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
