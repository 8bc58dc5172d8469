import Foundation

/// The Swift files to read, from directories, explicit files and a file list, the way
/// mockolo's `-s`, `-srcs` and `-f` name them.
public enum SourceDiscovery {
    /// The Swift files the three kinds of source name, as sorted, unique, absolute paths,
    /// ready for ``MockGenerationRequest/sources``.
    ///
    /// - Parameters:
    ///   - directories: Directories whose `.swift` files are read, recursively; hidden
    ///     files and folders are skipped (`-s/--sourcedirs`).
    ///   - files: Source files, each read whatever its extension (`-srcs/--sourcefiles`).
    ///   - fileList: A text file listing source files, one per line; blank lines are
    ///     ignored (`-f/--filelist`).
    ///   - excludeSuffixes: Files whose name without `.swift` ends with one of these are
    ///     left out, whichever way they were named (`-x/--exclude-suffixes`); `["Mocks"]`
    ///     leaves out `ServiceMocks.swift`.
    /// - Returns: The paths, sorted; empty when the sources name no Swift file.
    /// - Throws: ``MockGenError/input(_:)`` naming a directory that does not exist or is
    ///   not a directory, a file that does not exist or is a directory, or a file list
    ///   that cannot be read.
    public static func files(
        directories: [String], files: [String], fileList: String?, excludeSuffixes: [String]
    ) throws(MockGenError) -> [String] {
        var found: Set<String> = []
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw .input("source directory '\(directory)' does not exist or is not a directory")
            }
            let root = URL(fileURLWithPath: directory).standardizedFileURL
            guard let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
            else { continue }
            for case let url as URL in enumerator where url.pathExtension == "swift" {
                found.insert(url.standardizedFileURL.path)
            }
        }
        var explicit = files
        if let fileList {
            guard let text = try? String(contentsOfFile: fileList, encoding: .utf8) else {
                throw .input("file list '\(fileList)' cannot be read")
            }
            explicit += text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        for file in explicit {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw .input("source file '\(file)' does not exist")
            }
            found.insert(URL(fileURLWithPath: file).standardizedFileURL.path)
        }
        return found.filter { path in
            let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            return !excludeSuffixes.contains { !$0.isEmpty && stem.hasSuffix($0) }
        }.sorted()
    }
}
