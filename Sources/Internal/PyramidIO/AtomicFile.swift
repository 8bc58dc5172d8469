package import Foundation

/// Writes whole files so a reader sees the old content or the new, never half of one.
package enum AtomicFile {
    /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`.
    /// On failure the old file is untouched and no temporary file is left.
    package static func write(_ bytes: some Collection<UInt8>, to path: String) throws(FileError) {
        try write(Data(bytes), to: path)
    }

    /// Writes `text` as UTF-8 the same way, without copying its bytes first.
    package static func write(_ text: String, to path: String) throws(FileError) {
        var text = text
        let result: Result<Void, FileError> = text.withUTF8 { bytes in
            // The string's own bytes, lent for the write.
            let data = bytes.isEmpty ? Data() : Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress!), count: bytes.count, deallocator: .none)
            return Result { () throws(FileError) in try write(data, to: path) }
        }
        try result.get()
    }

    /// Writes `text`'s bytes the same way, without copying them first.
    package static func write(_ text: TextBuffer, to path: String) throws(FileError) {
        let result: Result<Void, FileError> = text.bytes.withUnsafeBytes { bytes in
            // The buffer's own bytes, lent for the write.
            let data = bytes.isEmpty ? Data() : Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress!), count: bytes.count, deallocator: .none)
            return Result { () throws(FileError) in try write(data, to: path) }
        }
        try result.get()
    }

    /// Writes `data` the same way, without copying it first.
    package static func write(_ data: Data, to path: String) throws(FileError) {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try data.write(to: temporary, options: [.withoutOverwriting])
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw FileError(path: path, reason: FileError.describe(error))
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw FileError(path: path, reason: reason)
        }
    }
}

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
