import Foundation

/// The mutants a run reached, as its processes wrote them to a trace folder
/// (``MutantSchema/traceVariable``): one `trace-PID.txt` a process, one number a line.
package enum MutantTrace {
    /// Every number the folder's trace files hold; an empty set when there is none (no process
    /// reached a mutant, or the folder is missing). A line that is not a number is passed over:
    /// a process killed while writing leaves at worst its previous, whole, file.
    package static func read(folder: String) -> Set<Int> {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: folder) else { return [] }
        var reached: Set<Int> = []
        for name in names where name.hasPrefix("trace-") && name.hasSuffix(".txt") {
            guard let text = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") {
                if let id = Int(line) { reached.insert(id) }
            }
        }
        return reached
    }

    /// An empty trace folder at `folder`, what was there before removed.
    package static func reset(folder: String) throws(MutationError) {
        let fileManager = FileManager.default
        try? fileManager.removeItem(atPath: folder)
        do {
            try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .unwritable(folder, reason: "\(error.localizedDescription)")
        }
    }
}
