import Foundation

/// An exclusive lock on a directory, held across threads and processes alike
/// (`flock` on the directory itself, so no lock file is left behind).
///
/// Used for read-modify-write of shared files such as snapshot manifests, which
/// parallel tests and sharded CI jobs update at once.
package enum DirectoryLock {
    /// Runs `body` while holding the lock on `directory`, creating the directory if needed.
    package static func withLock<R, E: Error>(on directory: String, _ body: () throws(E) -> R) throws(LockedError<E>) -> R {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .lock(FileError(path: directory, reason: FileError.describe(error)))
        }
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .lock(FileError(path: directory, reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            throw .lock(FileError(path: directory, reason: "cannot lock: \(String(cString: strerror(errno)))"))
        }
        defer { flock(descriptor, LOCK_UN) }
        do {
            return try body()
        } catch {
            throw .body(error)
        }
    }
}

/// A failure under `DirectoryLock`: taking the lock, or the work done while holding it.
package enum LockedError<Failure: Error>: Error {
    case lock(FileError)
    case body(Failure)
}
