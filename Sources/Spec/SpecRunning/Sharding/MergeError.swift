import Foundation
import TestEventStream

/// Why shards could not be merged.
package enum MergeError: Error, Sendable, Equatable, CustomStringConvertible {
    case noInputs
    case outputIsAnInput(String)
    case outputExists(String)
    case notARunFolder(String, String)
    case differentSnapshots([String])
    case unreadable(String, String)
    case conflictingTest(String, first: String, second: String)
    case conflictingCell(String, first: String, second: String)
    case conflictingArtifact(String, first: String, second: String)
    case conflictingManifest(String, state: String, first: String, second: String)
    case cannotWrite(String, String)
    /// Shards of one run are missing: those not given, of how many.
    case missingShards([String], count: Int)
    /// One shard given twice: the shard and both folders.
    case shardTwice(String, first: String, second: String)
    /// The folders come from runs split in different numbers of shards: each folder and its shard.
    case differentShardCounts([String])

    package var description: String {
        switch self {
        case .noInputs: "no shard folders to merge"
        case .outputIsAnInput(let path): "\(path): the output is one of the shards; choose another folder"
        case .outputExists(let path): "\(path) already exists; merge writes a new folder and overwrites nothing (remove it or choose another)"
        case .notARunFolder(let path, let why): "\(path): not the output of pyramid demo or pyramid spec: \(why)"
        case .differentSnapshots(let roots): "the shards checked different snapshot folders:\n" + roots.map { "  " + $0 }.joined(separator: "\n")
        case .unreadable(let path, let why): "\(path): cannot be read: \(why)"
        case .conflictingTest(let test, let first, let second): "test \(test) was run by two shards, \(first) and \(second): each test has one shard"
        case .conflictingCell(let cell, let first, let second): "snapshot cell \(cell) was reported differently by \(first) and \(second): each cell has one writer"
        case .conflictingArtifact(let path, let first, let second): "artifact \(path) differs between \(first) and \(second)"
        case .conflictingManifest(let path, let state, let first, let second): "manifest \(path), state \(state), differs between \(first) and \(second)"
        case .cannotWrite(let path, let why): "\(path): cannot write the merged run: \(why)"
        case .missingShards(let missing, let count):
            "\(missing.count == 1 ? "shard" : "shards") \(missing.joined(separator: ", ")) of \(count) \(missing.count == 1 ? "is" : "are") missing: each shard ran its own share of the tests, so a merge without \(missing.count == 1 ? "it" : "them") would leave those tests out"
        case .shardTwice(let shard, let first, let second): "shard \(shard) is given twice, \(first) and \(second)"
        case .differentShardCounts(let shards):
            "the folders come from runs split differently; every shard of one run has the same count:\n" + shards.map { "  " + $0 }.joined(separator: "\n")
        }
    }
}

extension MergeError {
    /// Checks that the shards given are every shard of one run, each once. Folders that were not
    /// sharded (no shard) are not checked; a mix of sharded and whole runs is left to the tests'
    /// own check (a test run twice is an error).
    /// - Throws: ``missingShards(_:count:)``, ``shardTwice(_:first:second:)``, ``differentShardCounts(_:)``;
    ///   ``notARunFolder(_:_:)`` for a shard that cannot be read.
    package static func checkComplete(_ shards: [(folder: String, shard: String?)]) throws(MergeError) {
        var parsed: [(folder: String, shard: TestShard)] = []
        for (folder, text) in shards {
            guard let text else { continue }
            do { parsed.append((folder, try TestShard(parsing: text))) } catch { throw .notARunFolder(folder, "its shard \(text) is not INDEX/COUNT") }
        }
        guard let count = parsed.first?.shard.count else { return }
        guard parsed.allSatisfy({ $0.shard.count == count }) else {
            throw .differentShardCounts(parsed.map { "\($0.folder): \($0.shard)" })
        }
        var seen: [Int: String] = [:]
        for (folder, shard) in parsed {
            if let first = seen[shard.index] { throw .shardTwice(shard.description, first: first, second: folder) }
            seen[shard.index] = folder
        }
        let missing = (1...count).filter { seen[$0] == nil }
        guard missing.isEmpty else { throw .missingShards(missing.map { "\($0)/\(count)" }, count: count) }
    }
}
