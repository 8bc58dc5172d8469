import Foundation
import LivingSpec
import PyramidIO

/// The shards' Swift Testing event streams joined into one, as one run would have written it:
/// each test's records and events once, the run's start from the first shard and its end from
/// the last, and attachments copied into the merged run's folder with their paths re-pointed.
/// A test that two shards ran is a conflict. Reruns of failed tests (`--retries`) are joined
/// the same way, rerun by rerun, from the shards that had one.
enum EventStreamJoin {
    struct Joined {
        /// The folder the joined run goes to.
        var folder: String
        var lines: [Data]
        /// Attachment files to copy: from → to.
        var attachments: [(from: String, to: String)]
        var consoles: [(shard: String, path: String)]

        func write() throws {
            let manager = FileManager.default
            try manager.createDirectory(atPath: folder + "/attachments", withIntermediateDirectories: true)
            var stream = Data()
            for line in lines {
                stream.append(line)
                stream.append(UInt8(ascii: "\n"))
            }
            try AtomicFile.write(stream, to: folder + "/events.jsonl")
            for (from, to) in attachments where manager.fileExists(atPath: from) {
                try manager.copyItem(atPath: from, toPath: to)
            }
            var console = Data()
            for (shard, path) in consoles {
                console.append(Data("=== \(shard) ===\n".utf8))
                console.append(manager.contents(atPath: path) ?? Data())
            }
            try AtomicFile.write(console, to: folder + "/console.txt")
        }
    }

    /// Joins the streams in `subfolder` of each shard's run folder ("" for the first attempts,
    /// `rerun-1` for the first reruns) into the same subfolder of `files`' run folder. Shards
    /// without that subfolder are left out.
    static func join(_ shards: [ShardMerge.Shard], subfolder: String = "", into files: Demo.Files) throws(MergeError) -> Joined {
        let sub = subfolder.isEmpty ? "" : "/" + subfolder
        var joined = Joined(folder: files.run + sub, lines: [], attachments: [], consoles: [])
        var declared: Set<String> = []
        var functions: Set<String> = []
        var ranBy: [String: Int] = [:]
        var runEnd: Data?
        var sawRunStart = false
        var attachmentNames: Set<String> = []
        for (position, shard) in shards.enumerated() {
            let run = shard.files.run + sub
            let path = run + "/events.jsonl"
            if !subfolder.isEmpty, !FileManager.default.fileExists(atPath: run) { continue }
            guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path, "no event stream") }
            let attachments = run + "/attachments"
            for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
                guard let record = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                      let kind = record["kind"] as? String, var payload = record["payload"] as? [String: Any]
                else { throw .unreadable(path, "a line is not an event record: \(String(decoding: line.prefix(120), as: UTF8.self))") }
                if kind == "test" {
                    guard let id = payload["id"] as? String else { continue }
                    if (payload["kind"] as? String) == "function" { functions.insert(id) }
                    if declared.insert(id).inserted { joined.lines.append(Data(line)) }
                    continue
                }
                switch payload["kind"] as? String {
                case "runStarted":
                    if !sawRunStart { joined.lines.append(Data(line)) }
                    sawRunStart = true
                    continue
                case "runEnded":
                    runEnd = Data(line)
                    continue
                case "testStarted":
                    if let id = payload["testID"] as? String, functions.contains(id) {
                        if let earlier = ranBy[id], earlier != position {
                            throw .conflictingTest(id, first: shards[earlier].folder, second: shard.folder)
                        }
                        ranBy[id] = position
                    }
                default:
                    break
                }
                guard var attachment = payload["attachment"] as? [String: Any], let from = attachment["path"] as? String,
                      from.hasPrefix(attachments + "/")
                else {
                    joined.lines.append(Data(line))
                    continue
                }
                var name = String(from.dropFirst(attachments.count + 1))
                if !attachmentNames.insert(name).inserted {
                    name = "\(joined.consoles.count + 1)-" + name
                    attachmentNames.insert(name)
                }
                let to = joined.folder + "/attachments/" + name
                joined.attachments.append((from, to))
                attachment["path"] = to
                payload["attachment"] = attachment
                var rewritten = record
                rewritten["payload"] = payload
                guard let bytes = try? JSONSerialization.data(withJSONObject: rewritten, options: [.sortedKeys, .withoutEscapingSlashes]) else {
                    throw .unreadable(path, "an attachment record cannot be rewritten")
                }
                joined.lines.append(bytes)
            }
            joined.consoles.append((shard.folder, run + "/console.txt"))
        }
        if let runEnd { joined.lines.append(runEnd) }
        return joined
    }

    /// Each rerun joined across the shards that had it, first rerun first.
    static func joinReruns(_ shards: [ShardMerge.Shard], into files: Demo.Files) throws(MergeError) -> [Joined] {
        var reruns: [Joined] = []
        for number in 1...TestRetries.maximum {
            let subfolder = "rerun-\(number)"
            guard shards.contains(where: { FileManager.default.fileExists(atPath: $0.files.run + "/" + subfolder) }) else { break }
            reruns.append(try join(shards, subfolder: subfolder, into: files))
        }
        return reruns
    }
}
