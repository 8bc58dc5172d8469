import Foundation

/// The folder the review server may read and write, and nothing outside it.
///
/// Client paths are relative, with no `.`/`..` components, no backslashes or NUL
/// bytes, and no symbolic link anywhere between the root and the file, so no
/// spelling reaches outside the root.
package struct SnapshotRoot: Sendable, Hashable {
    /// The root with every symbolic link resolved.
    package let path: String

    /// Opens an existing folder as the root.
    package init(_ path: String) throws(ReviewError) {
        guard let resolved = realpath(path, nil) else {
            throw .notFound("the snapshot root \(path) does not exist")
        }
        defer { free(resolved) }
        let real = String(cString: resolved)
        var info = stat()
        guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw .badRequest("the snapshot root \(path) is not a folder")
        }
        self.path = real
    }

    /// The absolute path of `relative` inside the root. With `mustExist`, it must be
    /// a regular file; otherwise missing trailing folders and the file are allowed
    /// (an approval may create them).
    package func resolve(_ relative: String, mustExist: Bool) throws(ReviewError) -> String {
        let components = try Self.components(of: relative)
        var current = path
        for (index, component) in components.enumerated() {
            current += "/" + component
            var info = stat()
            if lstat(current, &info) != 0 {
                if errno == ENOENT && !mustExist { continue }
                throw .notFound("no such file in the snapshot root: \(relative)")
            }
            let kind = info.st_mode & S_IFMT
            if kind == S_IFLNK {
                throw .badRequest("\(relative) goes through a symbolic link; only files inside the snapshot root are served")
            }
            let isLast = index == components.count - 1
            if !isLast && kind != S_IFDIR { throw .notFound("no such file in the snapshot root: \(relative)") }
            if isLast && kind != S_IFREG { throw .notFound("\(relative) is not a file") }
        }
        return current
    }

    /// The root-relative form of an absolute path, when it lies inside the root as
    /// spelled (a report written elsewhere may spell the root through a link).
    package func relative(_ absolute: String) -> String? {
        let standardized = URL(fileURLWithPath: absolute).standardizedFileURL.path
        for base in [path, URL(fileURLWithPath: path).standardizedFileURL.path] {
            let prefix = base.hasSuffix("/") ? base : base + "/"
            if standardized.hasPrefix(prefix) { return String(standardized.dropFirst(prefix.count)) }
        }
        return nil
    }

    static func components(of relative: String) throws(ReviewError) -> [String] {
        guard !relative.isEmpty else { throw .badRequest("an empty path names no file") }
        guard !relative.hasPrefix("/") else { throw .badRequest("\(relative) is absolute; paths are relative to the snapshot root") }
        guard !relative.contains("\\"), !relative.contains("\0") else {
            throw .badRequest("\(relative) contains a backslash or NUL byte")
        }
        let components = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for component in components where component.isEmpty || component == "." || component == ".." {
            throw .badRequest("\(relative) has an empty, `.` or `..` component; paths must stay inside the snapshot root")
        }
        return components
    }
}
