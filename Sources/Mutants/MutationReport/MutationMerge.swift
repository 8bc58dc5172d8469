import Foundation
import LivingSpec

/// Shards of a mutation run (`pyramid mutants --shard i/n --output DIR`) joined into the outcome
/// one run would have had: the same package, levels and tests; each mutant judged by one shard.
package enum MutationMerge {
    /// Whether `folder` holds a mutation run's reports.
    package static func holdsReport(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(MutationReports.jsonName))
    }

    /// The joined outcome of the shards' folders.
    ///
    /// - Throws: ``MutationReportError/mergeMismatch(_:)`` when the shards ran on different code,
    ///   levels or tests, or judged one mutant twice; ``MutationReportError/unreadable(_:reason:)`` for a
    ///   report that cannot be read.
    package static func merge(_ folders: [String]) throws(MutationReportError) -> MutationOutcome {
        var merged: MutationOutcome?
        var judgedBy: [Int: String] = [:]
        for folder in folders {
            let shard = try MutationOutcome(reportAt: (folder as NSString).appendingPathComponent(MutationReports.jsonName))
            for verdict in shard.verdicts {
                if let other = judgedBy[verdict.mutant.id] {
                    throw .mergeMismatch("mutant \(verdict.mutant.id) (\(verdict.mutant.file):\(verdict.mutant.start)) was judged by both \(other) and \(folder)")
                }
                judgedBy[verdict.mutant.id] = folder
            }
            guard var joined = merged else {
                merged = shard
                continue
            }
            guard joined.levels == shard.levels, joined.tests == shard.tests else {
                throw .mergeMismatch("\(folder) was judged by other levels or tests (\(shard.levels.map(\.rawValue)), \(shard.tests) tests) than \(folders[0]) (\(joined.levels.map(\.rawValue)), \(joined.tests) tests)")
            }
            for (file, source) in shard.sources {
                if let known = joined.sources[file], known != source {
                    throw .mergeMismatch("\(file) differs between \(folders[0]) and \(folder): the shards ran on different code")
                }
                joined.sources[file] = source
            }
            joined.verdicts = (joined.verdicts + shard.verdicts).sorted { $0.mutant.id < $1.mutant.id }
            merged = joined
        }
        guard let merged else { throw .mergeMismatch("no shard to merge") }
        return merged
    }
}
