import Foundation

/// Reads small files (step records) with plain system calls: a run can attach tens of
/// thousands of them, and Foundation's file APIs cost several times more per file.
enum SmallFile {
    /// The file's bytes, or nil when it cannot be opened or read, or is over `limit` bytes.
    static func read(_ path: String, limit: Int = 1 << 20) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size <= limit else { return nil }
        var data = Data(count: Int(info.st_size))
        let count = data.count
        let read = data.withUnsafeMutableBytes { buffer -> Int in
            var total = 0
            while total < count {
                let got = Foundation.read(descriptor, buffer.baseAddress! + total, count - total)
                if got <= 0 { return got < 0 ? -1 : total }
                total += got
            }
            return total
        }
        guard read == count else { return nil }
        return data
    }
}
