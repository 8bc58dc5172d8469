import Foundation

/// Writes whole files so a reader sees the old content or the new, never half of one.
public enum AtomicFile {
    /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`.
    public static func write(_ bytes: [UInt8], to path: String) throws(PNGError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try Data(bytes).write(to: temporary, options: [.withoutOverwriting])
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw PNGError(.unwritable(PNGDecoder.describe(error)), file: path)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw PNGError(.unwritable(reason), file: path)
        }
    }
}
