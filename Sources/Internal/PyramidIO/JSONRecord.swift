import Foundation

/// A small JSON file one command leaves for another (`pyramid-run.json`, `run/shard.json`):
/// read whole, written with sorted keys and atomically (``AtomicFile``).
package protocol JSONRecord: Codable {
    /// What the file is, for errors: "pyramid run record".
    static var recordName: String { get }
}

extension JSONRecord {
    /// Reads the record at `path`.
    /// - Throws: ``FileError`` naming the file: it cannot be read, or is not such a record.
    package static func read(_ path: String) throws(FileError) -> Self {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw FileError(path: path, reason: FileError.describe(error))
        }
        do {
            return try JSONDecoder().decode(Self.self, from: data)
        } catch {
            throw FileError(path: path, reason: "not a \(recordName) (\(error))")
        }
    }

    /// Writes it as sorted JSON, atomically.
    package func write(to path: String) throws(FileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(self)
        } catch {
            throw FileError(path: path, reason: "\(error)")
        }
        try AtomicFile.write(data + Data("\n".utf8), to: path)
    }
}
