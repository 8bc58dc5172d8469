import Foundation
import LivingSpec
import Mutation
import MutationReport

/// Which files of a package take mutants: the Swift files of its library and executable
/// targets (or of those named), but test code (a file that imports a test library) and
/// generated mocks; then the ones `--file` names, whole or on some of their lines
/// (`PATH:LINE`, `PATH:FIRST-LAST`, as Stryker's `--mutate` takes them).
enum MutantSelection {
    /// A `--file` value: a path, or its end, and the lines its mutants begin on (nil: all).
    struct FileFilter: Sendable, Equatable {
        var path: String
        var lines: ClosedRange<Int>?

        init(path: String, lines: ClosedRange<Int>?) {
            self.path = path
            self.lines = lines
        }

        /// Reads `PATH`, `PATH:LINE` or `PATH:FIRST-LAST`; a path whose end after its last `:`
        /// is not a line number or range is taken whole, as a path.
        ///
        /// - Throws: ``MutationRunError/invalidOption(_:)`` for a range that ends before it
        ///   begins, or a line 0.
        init(parsing text: String) throws(MutationRunError) {
            let clean = text.hasPrefix("./") ? String(text.dropFirst(2)) : text
            guard let colon = clean.lastIndex(of: ":"),
                  let range = clean[clean.index(after: colon)...].wholeMatch(of: /([0-9]+)(?:-([0-9]+))?/)
            else {
                self.path = clean
                self.lines = nil
                return
            }
            guard let first = Int(range.1), let last = range.2.map({ Int($0) }) ?? Int(range.1), first >= 1, last >= first else {
                throw .invalidOption("--file \(text): the lines are FIRST-LAST, counted from 1, FIRST not after LAST")
            }
            self.path = String(clean[..<colon])
            self.lines = first...last
        }
    }

    /// The lines mutants must begin on, by file; a file absent, or nil, takes all its mutants.
    struct Lines: Sendable, Equatable {
        var ranges: [String: [ClosedRange<Int>]] = [:]

        /// Whether the mutant beginning on `line` of `file` is chosen.
        func contains(_ file: String, line: Int) -> Bool {
            guard let chosen = ranges[file] else { return true }
            return chosen.contains { $0.contains(line) }
        }
    }

    /// The files of `package`, relative to it, sorted, with the targets that hold them; the
    /// targets' folders are given in `root` (the package's copy, laid out as the package).
    ///
    /// - Throws: ``MutationRunError/unknownTarget(_:known:)``, ``MutationRunError/unknownFile(_:)``,
    ///   or ``MutationRunError/emptySelection(reason:)``.
    static func files(
        package: String, root: String, targets: [(name: String, folder: String)], only wanted: [String], files filters: [String]
    ) throws(MutationRunError) -> (files: [String], targets: [MutantWorkspace.Target], lines: Lines) {
        for name in wanted where !targets.contains(where: { $0.name == name }) {
            throw .unknownTarget(name, known: targets.map(\.name).sorted())
        }
        let chosen = wanted.isEmpty ? targets : targets.filter { wanted.contains($0.name) }
        var relativeTargets: [MutantWorkspace.Target] = []
        var files: [String] = []
        for target in chosen {
            guard let folder = relative(target.folder, to: root) else { continue }
            relativeTargets.append(.init(name: target.name, folder: folder))
            files += swiftFiles(in: package, folder: folder)
        }
        var selected = Set<String>()
        var lines = Lines()
        var whole = Set<String>()
        if filters.isEmpty {
            selected = Set(files)
        } else {
            for text in filters {
                let filter = try FileFilter(parsing: text)
                let matching = files.filter { $0 == filter.path || $0.hasSuffix("/" + filter.path) }
                guard !matching.isEmpty else { throw .unknownFile(filter.path) }
                selected.formUnion(matching)
                for file in matching {
                    if let range = filter.lines { lines.ranges[file, default: []].append(range) } else { whole.insert(file) }
                }
            }
            // A file named whole as well as by lines takes all its mutants.
            for file in whole { lines.ranges[file] = nil }
        }
        let kept = selected.sorted().filter { !isTestCode(package + "/" + $0) }
        guard !kept.isEmpty else {
            throw .emptySelection(reason: "the chosen targets (\(chosen.map(\.name).joined(separator: ", "))) hold no Swift file but tests and generated code")
        }
        return (kept, relativeTargets, lines)
    }

    /// `path` relative to `root`, or nil when it is outside it.
    static func relative(_ path: String, to root: String) -> String? {
        let clean = URL(fileURLWithPath: path).standardizedFileURL.path
        guard clean.hasPrefix(root + "/") else { return nil }
        return String(clean.dropFirst(root.count + 1))
    }

    /// The `.swift` files under `folder` (relative to `root`), hidden folders left out.
    private static func swiftFiles(in root: String, folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root + "/" + folder) else { return [] }
        var found: [String] = []
        for case let name as String in enumerator {
            guard name.hasSuffix(".swift"), !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                  (name as NSString).lastPathComponent != MutantWorkspace.switchFile
            else { continue }
            found.append(folder + "/" + name)
        }
        return found
    }

    /// Whether a file is test code or generated: it imports XCTest or Testing, or says it was
    /// generated (mockolo's and our mocks' header).
    static func isTestCode(_ path: String) -> Bool {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
        if text.prefix(600).range(of: "@generated", options: .caseInsensitive) != nil { return true }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let words = line.split(separator: " ")
            guard let importIndex = words.firstIndex(of: "import") else { continue }
            let module = words.dropFirst(importIndex + 1).first.map(String.init)
            if module == "XCTest" || module == "Testing" { return true }
        }
        return false
    }
}
