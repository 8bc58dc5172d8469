import Foundation

/// A copy of a package with mutants planted in it: the user's files are read, never written.
///
/// The package is copied without its build folders and hidden folders; a dependency given by a
/// relative path (`.package(path: "..")`) is made absolute in the copy's manifest, so the copy
/// resolves what the package resolves. Each chosen file becomes its schema, and each module
/// that holds one gets the switch, once.
package struct MutantWorkspace: Sendable {
    /// The user's package.
    package var package: String
    /// The copy, where the mutants are.
    package var root: String
    /// Every mutant planted, numbered from 1 across the files.
    package var mutants: [Mutant]
    /// The name of the file that holds the switch in each mutated module.
    package static let switchFile = "__PyramidMutantSwitch.swift"

    /// A module of the package: its name and its source folder, relative to the package.
    package struct Target: Sendable, Hashable {
        package var name: String
        package var folder: String

        package init(name: String, folder: String) {
            self.name = name
            self.folder = folder
        }
    }

    /// Copies `package` into `root` (which must not exist yet) and plants the mutants of
    /// `files` (paths relative to the package), each in the module of `targets` that holds it.
    ///
    /// - Throws: ``MutationError`` naming the file or folder that could not be read or written,
    ///   or a file that belongs to none of `targets`.
    package init(package: String, root: String, files: [String], targets: [Target]) throws(MutationError) {
        self.package = package
        self.root = root
        let fileManager = FileManager.default
        guard !fileManager.fileExists(atPath: root) else { throw .workspaceExists(root) }
        // Each file's module first: a file in none stops the run before anything is written.
        var owners: [String: Target] = [:]
        for file in files {
            guard let target = targets.filter({ file.hasPrefix($0.folder + "/") }).max(by: { $0.folder.count < $1.folder.count }) else {
                throw .notInATarget(file)
            }
            owners[file] = target
        }
        try Self.copy(package, to: root)
        try Self.makeDependenciesAbsolute(manifest: root + "/Package.swift", package: package)

        var mutants: [Mutant] = []
        var mutatedTargets: Set<Target> = []
        for file in files.sorted() {
            let target = owners[file]!
            let source: String
            do {
                source = try String(contentsOfFile: package + "/" + file, encoding: .utf8)
            } catch {
                throw .unreadable(file, reason: "\(error.localizedDescription)")
            }
            let schema = MutantSchema(source: source, file: file, firstID: mutants.count + 1)
            guard !schema.mutants.isEmpty else { continue }
            try Self.write(schema.source, to: root + "/" + file)
            mutants += schema.mutants
            mutatedTargets.insert(target)
        }
        for target in mutatedTargets {
            try Self.write(MutantSchema.switchDeclaration, to: root + "/" + target.folder + "/" + Self.switchFile)
        }
        self.mutants = mutants
    }

    /// What a copy leaves out: anything hidden (`.build`, `.git`, `.swiftpm`).
    static func isLeftOut(_ name: String) -> Bool {
        name.hasPrefix(".")
    }

    private static func copy(_ source: String, to destination: String) throws(MutationError) {
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(atPath: destination, withIntermediateDirectories: true)
            for name in try fileManager.contentsOfDirectory(atPath: source) where !isLeftOut(name) {
                var isFolder: ObjCBool = false
                let from = source + "/" + name, to = destination + "/" + name
                guard fileManager.fileExists(atPath: from, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    try copy(from, to: to)
                } else {
                    try fileManager.copyItem(atPath: from, toPath: to)
                }
            }
        } catch let error as MutationError {
            throw error
        } catch {
            throw .unwritable(destination, reason: "\(error.localizedDescription)")
        }
    }

    /// `path: "…"` inside each `.package(` of the manifest made absolute against `package`.
    static func makeDependenciesAbsolute(manifest: String, package: String) throws(MutationError) {
        guard let text = try? String(contentsOfFile: manifest, encoding: .utf8) else {
            throw .unreadable(manifest, reason: "no Package.swift")
        }
        var out = ""
        var rest = Substring(text)
        while let call = rest.range(of: ".package(") {
            out += rest[..<call.upperBound]
            rest = rest[call.upperBound...]
            // Within this call, up to its closing parenthesis.
            guard let close = rest.firstIndex(of: ")") else { break }
            var arguments = String(rest[..<close])
            if let pathRange = arguments.range(of: #"path:\s*"([^"]*)""#, options: .regularExpression) {
                let quoted = arguments[pathRange]
                let value = quoted[quoted.index(after: quoted.firstIndex(of: "\"")!)..<quoted.index(before: quoted.endIndex)]
                if !value.hasPrefix("/") {
                    let absolute = URL(fileURLWithPath: package).appendingPathComponent(String(value)).standardizedFileURL.path
                    arguments.replaceSubrange(pathRange, with: "path: \"\(absolute)\"")
                }
            }
            out += arguments
            rest = rest[close...]
        }
        out += rest
        if out != text { try write(out, to: manifest) }
    }

    private static func write(_ text: String, to path: String) throws(MutationError) {
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw .unwritable(path, reason: "\(error.localizedDescription)")
        }
    }
}

/// Why mutants could not be planted: what failed, and where.
package enum MutationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The workspace folder is already there: a run never writes over one.
    case workspaceExists(String)
    /// A file to mutate is in none of the package's modules.
    case notInATarget(String)
    case unreadable(String, reason: String)
    case unwritable(String, reason: String)

    package var description: String {
        switch self {
        case .workspaceExists(let path): "\(path): the mutants' workspace already exists"
        case .notInATarget(let file): "\(file): not in any module of the package"
        case .unreadable(let path, let reason): "\(path): cannot be read (\(reason))"
        case .unwritable(let path, let reason): "\(path): cannot be written (\(reason))"
        }
    }
}
