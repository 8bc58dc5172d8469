package import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole files so a reader sees the old content or the new, never half of one.
package enum AtomicFile {
    /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`.
    /// On failure the old file is untouched and no temporary file is left.
    package static func write(_ bytes: some Collection<UInt8>, to path: String) throws(FileError) {
        let failure = bytes.withContiguousStorageIfAvailable { write(UnsafeRawBufferPointer($0), to: path) }
            ?? Array(bytes).withUnsafeBytes { write($0, to: path) }
        if let failure { throw failure }
    }

    /// Writes `text` as UTF-8 the same way, without copying its bytes first.
    package static func write(_ text: String, to path: String) throws(FileError) {
        var text = text
        if let failure = text.withUTF8({ write(UnsafeRawBufferPointer($0), to: path) }) { throw failure }
    }

    /// Writes `text`'s bytes the same way, without copying them first.
    package static func write(_ text: TextBuffer, to path: String) throws(FileError) {
        if let failure = text.bytes.withUnsafeBytes({ write($0, to: path) }) { throw failure }
    }

    /// Writes `data` the same way, without copying it first.
    package static func write(_ data: Data, to path: String) throws(FileError) {
        if let failure = data.withUnsafeBytes({ write($0, to: path) }) { throw failure }
    }

    /// Writes `bytes` to a temporary file beside `path` with `open`, `write` and `close`, then
    /// renames it over `path`; the error, if any. No `fsync`: the rename is what keeps a reader
    /// from seeing half a file when the writer dies, and Foundation's `Data.write` syncing each
    /// file to the disk made every trace frame and report page wait on it.
    private static func write(_ bytes: UnsafeRawBufferPointer, to path: String) -> FileError? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = folder + ".\(name).\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return FileError(path: path, reason: String(cString: strerror(errno))) }
        var written = 0
        while written < bytes.count {
            let count = systemWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let reason = count < 0 ? String(cString: strerror(errno)) : "nothing more could be written"
                close(descriptor)
                unlink(temporary)
                return FileError(path: path, reason: reason)
            }
            written += count
        }
        guard close(descriptor) == 0, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return FileError(path: path, reason: reason)
        }
        return nil
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Musl)
private let systemWrite = Musl.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

/// A file operation that failed: the path and why.
package struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    package var path: String
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    package var description: String { "\(path): \(reason)" }

    /// A short reason for a Foundation file error ("No such file or directory").
    package static func describe(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return (error as NSError).localizedDescription
    }
}
