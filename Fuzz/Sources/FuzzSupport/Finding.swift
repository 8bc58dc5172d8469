import Foundation

/// Keeps the input that broke a check in `Fuzz/findings/` before stopping: Swift's trap ends the
/// process before libFuzzer can write its own artifact.
public func finding(_ input: UnsafeRawBufferPointer, _ message: String) -> Never {
    let folder = FileManager.default.currentDirectoryPath + "/Fuzz/findings"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/finding-\(UInt32.random(in: 0 ... .max))"
    let kept = FileManager.default.createFile(atPath: path, contents: Data(input))
    fatalError("\(message) (\(kept ? "input written to \(path)" : "the input could not be written to \(path)"))")
}

/// One scratch file per fuzzing process, for readers that take a path: each input overwrites it.
public struct ScratchFile: Sendable {
    /// The file's path, in a folder of this process's own.
    public let path: String

    /// A scratch file named `name` in a new folder under the system's temporary folder.
    public init(_ name: String) {
        let folder = NSTemporaryDirectory() + "pyramid-fuzz-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        ScratchFolders.removeAtExit(folder)
        path = folder + "/" + name
    }

    /// The folder that holds the file.
    public var folder: String { (path as NSString).deletingLastPathComponent }

    /// Writes the input as the file's whole content.
    public func write(_ input: UnsafeRawBufferPointer) {
        guard FileManager.default.createFile(atPath: path, contents: Data(input)) else {
            fatalError("cannot write the scratch file \(path)")
        }
    }
}

/// The scratch folders of this process, removed as it exits: libFuzzer ends a run with `exit`,
/// so each run would otherwise leave its folders in the temporary folder. (A crash keeps them,
/// with the finding.)
enum ScratchFolders {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var folders: [String] = []
    nonisolated(unsafe) private static var registered = false

    static func removeAtExit(_ folder: String) {
        lock.lock()
        defer { lock.unlock() }
        folders.append(folder)
        guard !registered else { return }
        registered = true
        atexit {
            ScratchFolders.lock.lock()
            defer { ScratchFolders.lock.unlock() }
            for folder in ScratchFolders.folders { try? FileManager.default.removeItem(atPath: folder) }
        }
    }
}
