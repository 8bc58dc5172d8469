import Foundation

/// An exclusive lock on a directory, held across threads and processes alike
/// (`flock` on the directory itself, so no lock file is left behind).
///
/// Used for read-modify-write of shared files such as snapshot manifests, which
/// parallel tests and sharded CI jobs update at once.
package enum DirectoryLock {
    /// Runs `body` while holding the lock on `directory`, creating the directory if needed.
    package static func withLock<R, E: Error>(on directory: String, _ body: () throws(E) -> R) throws(LockedError<E>) -> R {
        let held: Held
        do { held = try acquire(on: directory) } catch { throw .lock(error) }
        defer { held.release() }
        do {
            return try body()
        } catch {
            throw .body(error)
        }
    }

    /// Takes the lock on `directory` (creating the directory if needed), waiting for whoever
    /// holds it, and returns it held until ``Held/release()`` or the value's end.
    package static func acquire(on directory: String) throws(FileError) -> Held {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw FileError(path: directory, reason: FileError.describe(error))
        }
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(path: directory, reason: String(cString: strerror(errno))) }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw FileError(path: directory, reason: "cannot lock: \(reason)")
        }
        return Held(descriptor: descriptor)
    }

    /// A lock taken by ``acquire(on:)``.
    package final class Held: @unchecked Sendable {
        private let lock = NSLock()
        private var descriptor: Int32?

        fileprivate init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        /// Gives the lock up; later calls do nothing.
        package func release() {
            lock.lock()
            defer { lock.unlock() }
            guard let descriptor else { return }
            flock(descriptor, LOCK_UN)
            close(descriptor)
            self.descriptor = nil
        }

        deinit { release() }
    }
}

/// A failure under `DirectoryLock`: taking the lock, or the work done while holding it.
package enum LockedError<Failure: Error>: Error {
    case lock(FileError)
    case body(Failure)
}
