import Foundation
import Mutation
import MutationReport
import PyramidIO
import PyramidJSON

/// The mutants found not to compile, remembered between runs by file: each file's source hash
/// and, by their place in the file's list, the mutants left out with the compiler's reason. A
/// run leaves them out from its first build while the file is unchanged, so a warm run builds
/// once, not once per try. A memory that cannot be read is no memory (the run finds them again).
struct CompileErrorMemory {
    var path: String

    /// The remembered mutants of `planned`'s unchanged files, by their number in this run.
    func recall(_ planned: [(file: String, source: String, mutants: [Mutant])]) -> [Int: String] {
        guard let bytes = FileManager.default.contents(atPath: path), let json = try? JSONValue.decode(Array(bytes)),
              let files = json["files"]?.objectValue
        else { return [:] }
        var known: [Int: String] = [:]
        for entry in planned {
            guard let remembered = files[entry.file], remembered["hash"]?.stringValue == Self.hash(entry),
                  let leftOut = remembered["leftOut"]?.objectValue
            else { continue }
            for (index, reason) in leftOut {
                guard let index = Int(index), index >= 0, index < entry.mutants.count, let reason = reason.stringValue else { continue }
                known[entry.mutants[index].id] = reason
            }
        }
        return known
    }

    /// Remembers `reasons` (by mutant number) for each of `planned`'s files, written whole.
    func remember(_ reasons: [Int: String], planned: [(file: String, source: String, mutants: [Mutant])]) {
        var files: [String: JSONValue] = [:]
        for entry in planned {
            var leftOut: [String: JSONValue] = [:]
            for (index, mutant) in entry.mutants.enumerated() {
                if let reason = reasons[mutant.id] { leftOut[String(index)] = .string(reason) }
            }
            files[entry.file] = .object(["hash": .string(Self.hash(entry)), "leftOut": .object(leftOut)])
        }
        try? AtomicFile.write(JSONValue.object(["files": .object(files)]).prettyText + "\n", to: path)
    }

    /// The file's source and its mutants' list: a file changed, or mutants found differently
    /// (another version of pyramid), and the memory no longer holds for it.
    static func hash(_ entry: (file: String, source: String, mutants: [Mutant])) -> String {
        var hasher = FNV1a()
        hasher.combine(Array(entry.source.utf8))
        for mutant in entry.mutants {
            hasher.combine(Array("\n\(mutant.mutationOperator.rawValue) \(mutant.start) \(mutant.end) \(mutant.replacement)".utf8))
        }
        return String(hasher.value, radix: 16)
    }
}
