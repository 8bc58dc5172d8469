import Foundation
import PyramidIO

/// Reads small files (step records) with plain system calls: a run can attach tens of
/// thousands of them, and Foundation's file APIs cost several times more per file.
///
/// Each folder is opened once and its files opened relative to it (`openat`), so the kernel
/// walks the folder's path once rather than once a file; a file that fits the first read is
/// read with no `fstat`, into a buffer on the stack that is lent to the caller, not copied.
/// One reader is used from many threads at once; it closes its folders when it is released.
final class SmallFileReader: Sendable {
    /// The bytes read at most.
    let limit: Int
    /// Open folders by path; -1 for one that could not be opened.
    private let folders = Locked<[Substring: Int32]>([:])

    init(limit: Int = 1 << 20) {
        self.limit = limit
    }

    /// Never blocks on a FIFO in place of a file (nothing to read is nothing found).
    private static let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK

    deinit {
        for descriptor in folders.value.values where descriptor >= 0 { close(descriptor) }
    }

    /// `body` of the file's bytes, lent for the call; nil when the file cannot be opened or
    /// read, or is over the limit.
    func withContents<T>(of path: String, _ body: (UnsafeRawBufferPointer) -> T?) -> T? {
        let descriptor: Int32
        if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.startIndex {
            let folder = folderDescriptor(path[..<slash])
            guard folder >= 0 else { return nil }
            // The name is the path's tail: its C string from just after the slash, not a copy.
            let nameOffset = path.utf8.distance(from: path.startIndex, to: slash) + 1
            descriptor = path.withCString { openat(folder, $0 + nameOffset, Self.flags) }
        } else {
            descriptor = open(path, Self.flags)
        }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return Self.withAll(descriptor, limit: limit, body)
    }

    private func folderDescriptor(_ folder: Substring) -> Int32 {
        if let known = folders.withValue({ $0[folder] }) { return known }
        let opened = String(folder).withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        return folders.withValue { open in
            if let raced = open[folder] {
                if opened >= 0 { close(opened) }
                return raced
            }
            open[folder] = opened
            return opened
        }
    }

    /// `body` of an open file's bytes to its end, up to `limit`: one read for a file under 16 KB.
    private static func withAll<T>(_ descriptor: Int32, limit: Int, _ body: (UnsafeRawBufferPointer) -> T?) -> T? {
        let first = 16 * 1024
        let small = withUnsafeTemporaryAllocation(byteCount: first, alignment: 1) { buffer -> T?? in
            let got = Foundation.read(descriptor, buffer.baseAddress!, first)
            if got < 0 { return .some(nil) }
            if got < first { return got > limit ? .some(nil) : body(UnsafeRawBufferPointer(rebasing: buffer[..<got])) }
            return nil
        }
        if let small { return small }
        // A larger file: its size, then the rest.
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size <= limit else { return nil }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { return nil }
        let count = Int(info.st_size)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 1)
        defer { buffer.deallocate() }
        var total = 0
        while total < count {
            let got = Foundation.read(descriptor, buffer.baseAddress! + total, count - total)
            if got < 0 { return nil }
            if got == 0 { break }
            total += got
        }
        guard total == count else { return nil }
        return body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    }
}
