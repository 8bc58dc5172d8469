import LivingSpec
import Foundation

/// Where SwiftPM put an executable it built, `<package>/<scratch>/<triple>/<configuration>/<name>`,
/// and the package it built it from: what a tool needs to build another product of its package,
/// or another package, beside the modules it was built with rather than in a folder of their own.
package struct SwiftPMProducts: Sendable, Equatable {
    /// The products folder: `…/.build/x86_64-unknown-linux-gnu/debug`.
    package var folder: String
    /// The scratch folder (`--scratch-path`): `…/.build`.
    package var scratch: String
    /// `debug` or `release`.
    package var configuration: String
    /// The package's folder, the scratch folder's parent, which holds its `Package.swift`.
    package var package: String

    package init(folder: String, scratch: String, configuration: String, package: String) {
        self.folder = folder
        self.scratch = scratch
        self.configuration = configuration
        self.package = package
    }

    /// The products `executable` is one of, or nil when it is not in a SwiftPM products folder
    /// (`<scratch>/<triple>/debug` or `release`) whose scratch folder sits in a package, as when it
    /// was installed elsewhere or built with a scratch folder outside its package. Symbolic links
    /// are resolved (`.build/debug` is one).
    package static func of(executable: String) -> SwiftPMProducts? {
        let resolved = URL(fileURLWithPath: executable).standardizedFileURL.resolvingSymlinksInPath()
        let folder = resolved.deletingLastPathComponent()
        let configuration = folder.lastPathComponent
        let triple = folder.deletingLastPathComponent()
        let scratch = triple.deletingLastPathComponent()
        let package = scratch.deletingLastPathComponent()
        guard configuration == "debug" || configuration == "release", triple.lastPathComponent.split(separator: "-").count >= 3,
              FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path)
        else { return nil }
        return SwiftPMProducts(folder: folder.path, scratch: scratch.path, configuration: configuration, package: package.path)
    }

    /// The products of this running executable.
    package static var current: SwiftPMProducts? {
        of(executable: Bundle.main.executablePath ?? CommandLine.arguments[0])
    }

    /// The path of the executable product `name` in this folder.
    package func path(of name: String) -> String {
        (folder as NSString).appendingPathComponent(name)
    }

    /// `swift build`'s arguments for `product` of this package, in this scratch folder and configuration.
    package func buildArguments(product: String) -> [String] {
        ["build", "--package-path", package, "--scratch-path", scratch, "-c", configuration, "--product", product]
    }
}
