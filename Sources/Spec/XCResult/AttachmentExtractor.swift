import Foundation
import PyramidIO
import TestEventStream

/// Copies attachment payloads out of a result bundle's `Data/` folder, where each is a zstd
/// frame named `data.<payload id>`, into a folder the spec links to.
///
/// A bundle reduced to its database (as the corpus's are) has no `Data/`: its attachments are
/// listed by name and type only. Every file is written whole (a temporary file, then a rename).
final class AttachmentExtractor {
    let dataFolder: String
    let destination: String
    /// Payloads larger than this are not extracted (a note says so).
    let limit: Int
    private(set) var diagnostics: [StreamDiagnostic] = []
    private var usedNames: Set<String> = []

    /// An extractor for `bundle`, or nil when the bundle has no `Data/` folder.
    init?(bundle: String, destination: String, limit: Int = 256 << 20) {
        let data = (bundle as NSString).appendingPathComponent("Data")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: data, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        self.dataFolder = data
        self.destination = destination
        self.limit = limit
    }

    /// The payloads to extract, planned while the database is read and extracted only once
    /// every bundle has been read, so a bundle that fails leaves nothing behind.
    private var planned: [(source: String, path: String, name: String)] = []

    /// Plans the extraction of payload `id` as a file named after `name`: the path it will
    /// have, or nil when the bundle does not hold the payload.
    func plan(payload id: String, name: String) -> String? {
        // A payload id is Xcode's ("0~…=="); anything that could leave the folder is not one.
        guard !id.isEmpty, !id.contains("/"), !id.contains("\0"), id != ".", id != ".." else { return nil }
        let source = (dataFolder as NSString).appendingPathComponent("data." + id)
        guard FileManager.default.fileExists(atPath: source) else { return nil }
        let path = (destination as NSString).appendingPathComponent(uniqueName(name))
        planned.append((source, path, name))
        return path
    }

    /// Extracts every planned payload; the paths that could not be written, each with a
    /// diagnostic in ``diagnostics``.
    func extractAll() -> Set<String> {
        var failed: Set<String> = []
        guard !planned.isEmpty else { return failed }
        guard let zstd = Zstd.system else {
            diagnostics.append(StreamDiagnostic(
                line: nil, severity: .note,
                message: "attachments are listed but not extracted: zstd could not be loaded (install libzstd)"))
            return Set(planned.map(\.path))
        }
        for item in planned {
            guard let compressed = FileManager.default.contents(atPath: item.source) else {
                diagnostics.append(StreamDiagnostic(line: nil, severity: .error, message: "\(item.source): the attachment \"\(item.name)\" cannot be read"))
                failed.insert(item.path)
                continue
            }
            do {
                let bytes = try zstd.decompress(compressed, limit: limit)
                try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
                try AtomicFile.write(bytes, to: item.path)
            } catch let error as Zstd.Failure {
                diagnostics.append(StreamDiagnostic(
                    line: nil, severity: .error, message: "\(item.source): the attachment \"\(item.name)\" cannot be decompressed (\(error.reason))"))
                failed.insert(item.path)
            } catch {
                diagnostics.append(StreamDiagnostic(
                    line: nil, severity: .error, message: "\(item.path): the attachment \"\(item.name)\" cannot be written (\(FileError.describe(error)))"))
                failed.insert(item.path)
            }
        }
        return failed
    }

    /// `name` made safe for a file name (no folders, no leading dot), and unique in the folder.
    private func uniqueName(_ name: String) -> String {
        var safe = String(name.map { $0 == "/" || $0 == "\\" || $0 == "\0" || $0.isNewline ? "_" : $0 })
        while safe.hasPrefix(".") { safe.removeFirst() }
        if safe.isEmpty { safe = "attachment" }
        if safe.utf8.count > 200 { safe = String(safe.prefix(120)) }
        var candidate = safe
        var counter = 2
        while !usedNames.insert(candidate).inserted {
            let ext = (safe as NSString).pathExtension
            let stem = (safe as NSString).deletingPathExtension
            candidate = "\(stem)-\(counter)" + (ext.isEmpty ? "" : ".\(ext)")
            counter += 1
        }
        return candidate
    }
}
