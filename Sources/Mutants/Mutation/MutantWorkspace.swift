package import MutationReport
import Foundation

/// A copy of a package with mutants planted in it: the user's files are read, never written.
///
/// The package is copied without its build folders and hidden folders; a dependency given by a
/// relative path (`.package(path: "..")`) is made absolute in the copy's manifest, so the copy
/// resolves what the package resolves. Each chosen file becomes its schema, and each module
/// that holds one gets the switch, once.
///
/// A workspace is kept between runs: planting again writes only the files whose bytes change
/// and removes what the package no longer has, so the next build compiles only what changed.
/// A folder that is not a workspace (it lacks the ``marker``) is never written over.
package struct MutantWorkspace: Sendable {
    /// The user's package.
    package var package: String
    /// The copy, where the mutants are.
    package var root: String
    /// Every mutant, numbered from 1 across the files, planted or not.
    package var mutants: [Mutant]
    /// The source of each file that holds mutants, as the user wrote it, by its path in the package.
    package var sources: [String: String]
    /// The files this planting wrote (their bytes changed), by their path in the copy.
    package var rewritten: [String]
    /// The name of the file that holds the switch in each mutated module.
    package static let switchFile = "__PyramidMutantSwitch.swift"
    /// The file that marks a folder as a workspace.
    package static let marker = ".pyramid-mutants-workspace"

    /// A module of the package: its name and its source folder, relative to the package.
    package struct Target: Sendable, Hashable {
        package var name: String
        package var folder: String

        package init(name: String, folder: String) {
            self.name = name
            self.folder = folder
        }
    }

    /// Copies `package` into `root` and plants the mutants of `files` (paths relative to the
    /// package), each in the module of `targets` that holds it, but those numbered in `excluding`.
    /// `root` is made, or brought up to date when it is a workspace already.
    ///
    /// - Throws: ``MutationError`` naming the file or folder that could not be read or written,
    ///   a file that belongs to none of `targets`, or a `root` that exists and is not a workspace.
    package init(package: String, root: String, files: [String], targets: [Target], excluding: Set<Int> = []) throws(MutationError) {
        self.package = package
        self.root = root
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: root), !fileManager.fileExists(atPath: root + "/" + Self.marker) {
            throw .workspaceExists(root)
        }
        // Each file's module first: a file in none stops the run before anything is written.
        var owners: [String: Target] = [:]
        for file in files {
            guard let target = targets.filter({ file.hasPrefix($0.folder + "/") }).max(by: { $0.folder.count < $1.folder.count }) else {
                throw .notInATarget(file)
            }
            owners[file] = target
        }
        var wanted = try Self.files(in: package)
        wanted["Package.swift"] = try Self.absoluteDependencies(manifest: wanted["Package.swift"], package: package)

        var mutants: [Mutant] = []
        var sources: [String: String] = [:]
        var mutatedTargets: Set<Target> = []
        for file in files.sorted() {
            guard let bytes = wanted[file], let source = String(data: bytes, encoding: .utf8) else {
                throw .unreadable(file, reason: wanted[file] == nil ? "no such file in the package" : "not UTF-8 text")
            }
            let schema = MutantSchema(source: source, file: file, firstID: mutants.count + 1, excluding: excluding)
            guard !schema.mutants.isEmpty else { continue }
            wanted[file] = Data(schema.source.utf8)
            sources[file] = source
            mutants += schema.mutants
            mutatedTargets.insert(owners[file]!)
        }
        for target in mutatedTargets {
            wanted[target.folder + "/" + Self.switchFile] = Data(MutantSchema.switchDeclaration(module: target.name).utf8)
        }
        self.rewritten = try Self.sync(wanted, into: root)
        self.mutants = mutants
        self.sources = sources
    }

    /// The mutants `files` of `package` would be planted with, numbered as a workspace numbers
    /// them, and each file's source; nothing is written.
    ///
    /// - Throws: ``MutationError/unreadable(_:reason:)`` for a file that cannot be read as UTF-8 text.
    package static func plan(package: String, files: [String]) throws(MutationError) -> [(file: String, source: String, mutants: [Mutant])] {
        var planned: [(file: String, source: String, mutants: [Mutant])] = []
        var next = 1
        for file in files.sorted() {
            guard let bytes = FileManager.default.contents(atPath: package + "/" + file), let source = String(data: bytes, encoding: .utf8) else {
                throw .unreadable(file, reason: "no such file, or not UTF-8 text")
            }
            let mutants = MutantSchema(source: source, file: file, firstID: next).mutants
            next += mutants.count
            if !mutants.isEmpty { planned.append((file, source, mutants)) }
        }
        return planned
    }

    /// Readies `root` for SwiftPM to describe before the files to mutate are known: a copy of
    /// the package with no mutant when there is none yet; otherwise the copy brought up to date
    /// with the package (new files and targets copied, removed ones removed, the manifest
    /// rewritten), but the schemas already planted and the switches kept as they are, so a
    /// warm run does not compile them again (planting rewrites them where their sources changed).
    ///
    /// - Returns: the files it wrote, by their path in the copy.
    /// - Throws: ``MutationError`` as ``init(package:root:files:targets:excluding:)`` does.
    @discardableResult
    package static func prepare(package: String, root: String) throws(MutationError) -> [String] {
        guard FileManager.default.fileExists(atPath: root + "/" + marker) else {
            return try MutantWorkspace(package: package, root: root, files: [], targets: []).rewritten
        }
        var wanted = try files(in: package)
        wanted["Package.swift"] = try absoluteDependencies(manifest: wanted["Package.swift"], package: package)
        let switchCall = Data((MutantSchema.switchName + "(").utf8)
        for (name, bytes) in try files(in: root) {
            let planted = (name as NSString).lastPathComponent == switchFile ? true
                : wanted[name] != nil && name.hasSuffix(".swift") && bytes.range(of: switchCall) != nil
            if planted { wanted[name] = bytes }
        }
        return try sync(wanted, into: root)
    }

    /// What a copy leaves out: anything hidden (`.build`, `.git`, `.swiftpm`).
    static func isLeftOut(_ name: String) -> Bool {
        name.hasPrefix(".")
    }

    /// Every file under `folder` but the hidden ones, by its path relative to `folder`.
    private static func files(in folder: String) throws(MutationError) -> [String: Data] {
        var found: [String: Data] = [:]
        func walk(_ relative: String) throws(MutationError) {
            let path = relative.isEmpty ? folder : folder + "/" + relative
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw .unreadable(path, reason: "\(error.localizedDescription)")
            }
            for name in names where !isLeftOut(name) {
                let child = relative.isEmpty ? name : relative + "/" + name
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder + "/" + child, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    try walk(child)
                } else {
                    guard let bytes = FileManager.default.contents(atPath: folder + "/" + child) else {
                        throw .unreadable(folder + "/" + child, reason: "cannot be read")
                    }
                    found[child] = bytes
                }
            }
        }
        try walk("")
        return found
    }

    /// Makes `root` hold exactly `wanted` (and the marker): a file is written only when its bytes
    /// change, each whole (a temporary file, then a rename), and a file not wanted is removed.
    /// Returns the files it wrote.
    private static func sync(_ wanted: [String: Data], into root: String) throws(MutationError) -> [String] {
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(atPath: root, withIntermediateDirectories: true)
            if !fileManager.fileExists(atPath: root + "/" + marker) {
                try Data("pyramid mutants' copy of a package: rewritten by each run\n".utf8).write(to: URL(fileURLWithPath: root + "/" + marker))
            }
        } catch {
            throw .unwritable(root, reason: "\(error.localizedDescription)")
        }
        let present = try files(in: root)
        for (name, _) in present where wanted[name] == nil {
            do {
                try fileManager.removeItem(atPath: root + "/" + name)
            } catch {
                throw .unwritable(root + "/" + name, reason: "\(error.localizedDescription)")
            }
        }
        var written: [String] = []
        for (name, bytes) in wanted.sorted(by: { $0.key < $1.key }) where present[name] != bytes {
            let path = root + "/" + name
            written.append(name)
            do {
                try fileManager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try bytes.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw .unwritable(path, reason: "\(error.localizedDescription)")
            }
        }
        return written
    }

    /// `path: "…"` inside each `.package(` of the manifest made absolute against `package`.
    static func absoluteDependencies(manifest: Data?, package: String) throws(MutationError) -> Data {
        guard let manifest, let text = String(data: manifest, encoding: .utf8) else {
            throw .unreadable(package + "/Package.swift", reason: manifest == nil ? "no Package.swift" : "not UTF-8 text")
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
        return Data(out.utf8)
    }
}
