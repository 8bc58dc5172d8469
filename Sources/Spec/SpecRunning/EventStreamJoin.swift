import LivingSpec
import Foundation
import PyramidIO

/// Swift Testing event streams of parts of one run (the shards of `pyramid merge`, the levels
/// of a run with coverage) joined into one, as one run would have written it: each test's
/// records and events once, the run's start from the first part and its end from the last.
/// Attachments stay where they are, or are copied into the joined run's folder with their paths
/// re-pointed. A test that two parts ran is a conflict. Reruns of failed tests (`--retries`) are
/// joined the same way, rerun by rerun, from the parts that had one.
package enum EventStreamJoin {
    /// A part's run folder (its `events.jsonl`, `attachments` and `console.txt`), and what to call it.
    package struct Part: Sendable {
        package var label: String
        package var runFolder: String

        package init(label: String, runFolder: String) {
            self.label = label
            self.runFolder = runFolder
        }
    }

    /// Why the streams could not be joined.
    package enum Failure: Error, Sendable, Equatable {
        /// A part's stream cannot be read: its path and why.
        case unreadable(String, String)
        /// Two parts ran the same test: its id and the two parts' labels.
        case conflictingTest(String, first: String, second: String)
    }

    package struct Joined: Sendable {
        /// The folder the joined run goes to.
        package var folder: String
        var lines: [Data]
        /// Attachment files to copy: from → to.
        var attachments: [(from: String, to: String)]
        var consoles: [(label: String, path: String)]

        /// Writes the joined `events.jsonl` and `console.txt` in ``folder``, and copies the attachments.
        package func write() throws {
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
            for (label, path) in consoles {
                console.append(Data("=== \(label) ===\n".utf8))
                console.append(manager.contents(atPath: path) ?? Data())
            }
            try AtomicFile.write(console, to: folder + "/console.txt")
        }
    }

    /// Joins the streams in `subfolder` of each part's run folder ("" for the first attempts,
    /// `rerun-1` for the first reruns) into the same subfolder of `runFolder`. Parts without
    /// that subfolder are left out. With `copyingAttachments`, each attachment is to be copied
    /// into the joined folder (by ``Joined/write()``) and its record points there; without, the
    /// records keep pointing into the parts' folders.
    package static func join(_ parts: [Part], subfolder: String = "", into runFolder: String, copyingAttachments: Bool) throws(Failure) -> Joined {
        let sub = subfolder.isEmpty ? "" : "/" + subfolder
        var joined = Joined(folder: runFolder + sub, lines: [], attachments: [], consoles: [])
        var declared: Set<String> = []
        var functions: Set<String> = []
        var ranBy: [String: Int] = [:]
        var runEnd: Data?
        var sawRunStart = false
        var attachmentNames: Set<String> = []
        for (position, part) in parts.enumerated() {
            let run = part.runFolder + sub
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
                            throw .conflictingTest(id, first: parts[earlier].label, second: part.label)
                        }
                        ranBy[id] = position
                    }
                default:
                    break
                }
                guard copyingAttachments, var attachment = payload["attachment"] as? [String: Any], let from = attachment["path"] as? String,
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
            joined.consoles.append((part.label, run + "/console.txt"))
        }
        if let runEnd { joined.lines.append(runEnd) }
        return joined
    }

    /// Each rerun joined across the parts that had it, first rerun first.
    package static func joinReruns(_ parts: [Part], into runFolder: String, copyingAttachments: Bool) throws(Failure) -> [Joined] {
        var reruns: [Joined] = []
        for number in 1...TestRetries.maximum {
            let subfolder = "rerun-\(number)"
            guard parts.contains(where: { FileManager.default.fileExists(atPath: $0.runFolder + "/" + subfolder) }) else { break }
            reruns.append(try join(parts, subfolder: subfolder, into: runFolder, copyingAttachments: copyingAttachments))
        }
        return reruns
    }
}
