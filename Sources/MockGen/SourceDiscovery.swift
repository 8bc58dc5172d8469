import Foundation

/// The Swift files to read, from directories, explicit files and a file list, the
/// way mockolo's `-s`, `-srcs` and `-f` name them.
public enum SourceDiscovery {
    /// Sorted, unique absolute paths; files whose name (without `.swift`) ends with one of
    /// `excludeSuffixes` are left out. A path that does not exist is an error.
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

/// Why a generation run stopped: bad input or a file that could not be written.
public enum MockGenError: Error, Sendable, Equatable, CustomStringConvertible {
    case input(String)
    case output(String)

    public var description: String {
        switch self {
        case .input(let message), .output(let message): return message
        }
    }
}
