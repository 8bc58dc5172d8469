import Foundation
import PyramidIO

/// A `swift` first on PATH that writes down each call's arguments (a line each) and runs the
/// real one: what a command asked of SwiftPM.
struct SwiftCallLog {
    let folder: String
    var log: String { folder + "/calls.log" }
    /// PATH with the logging `swift` first.
    let environment: [String: String]

    init(in folder: String) throws {
        let folders = SearchPath.folders()
        guard let real = SearchPath.find("swift") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no swift on PATH (\(folders.joined(separator: ":")))"])
        }
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = folder + "/swift"
        try "#!/bin/sh\necho \"$*\" >> '\(folder)/calls.log'\nexec '\(real)' \"$@\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        environment = ["PATH": ([folder] + folders).joined(separator: ":")]
    }

    /// Each call's arguments, in order.
    func calls() throws -> [String] {
        guard FileManager.default.fileExists(atPath: log) else { return [] }
        return try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
    }
}
