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

    /// The layout `swift package describe --type json` gives, with the binaries in `bin`.
    /// - Throws: ``SpecError/unreadableInput(path:reason:)`` for text that is not a package
    ///   description; ``SpecError/invalidCoverageTarget(_:known:)`` for a name in `only` that is not
    ///   one of its measurable targets.
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
}
