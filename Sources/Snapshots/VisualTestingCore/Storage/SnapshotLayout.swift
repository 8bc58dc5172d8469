import Foundation

/// Where references live, exactly as swift-visual-testing lays them out beside the suite's source file:
///
///     __Snapshots__/{View}/{device}/{state}.{theme}_{locale}[_{dynamicType}].png
///     __Snapshots__/{Component}/{state}.{theme}.png
///     __Snapshots__/{View or Component}/manifest.json
@_spi(PyramidTools) public struct SnapshotLayout: Sendable, Hashable {
    /// The `__Snapshots__` folder.
    @_spi(PyramidTools) public var root: String

    /// References under `root`.
    @_spi(PyramidTools) public init(root: String) {
        self.root = root
    }

    /// The layout for a suite whose source file is `filePath` (pass `#filePath`).
    @_spi(PyramidTools) public init(suiteFile filePath: String) {
        root = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__").path
    }

    /// The folder of one view or component, holding its manifest.
    @_spi(PyramidTools) public func directory(for name: String) -> String {
        root + "/" + Self.folderName(name)
    }

    /// Where a view's or component's `manifest.json` is.
    @_spi(PyramidTools) public func manifestPath(for name: String) -> String {
        directory(for: name) + "/manifest.json"
    }

    /// The reference of one cell, relative to the view's or component's folder (the manifest's `file`).
    @_spi(PyramidTools) public func relativeFile(state: String, cell: SnapshotCell) -> String {
        let file = Self.fileComponent(state) + "." + Self.fileComponent(cell.variantName) + ".png"
        guard let device = cell.device else { return file }
        return Self.folderName(device.name) + "/" + file
    }

    /// The reference of one cell, absolute.
    @_spi(PyramidTools) public func referencePath(name: String, state: String, cell: SnapshotCell) -> String {
        directory(for: name) + "/" + relativeFile(state: state, cell: cell)
    }

    /// The folder of a reference's manifest: the reference's absolute path without its
    /// manifest-relative `file` (which holds the device folder for views).
    /// - Parameters:
    ///   - reference: The reference, absolute.
    ///   - file: The reference relative to its manifest's folder, as the manifest lists it.
    package static func manifestFolder(reference: String, file: String) -> String {
        if reference == file { return "" }
        if reference.hasSuffix("/" + file) { return String(reference.dropLast(file.count + 1)) }
        guard let slash = reference.lastIndex(of: "/") else { return "" }
        return String(reference[..<slash])
    }

    /// Makes a state or variant name safe as part of a file name the way
    /// swift-snapshot-testing does: every run of characters other than letters,
    /// digits and `_` becomes `-`, with none left at either end.
    @_spi(PyramidTools) public static func fileComponent(_ name: String) -> String {
        var result = ""
        var pendingDash = false
        for character in name {
            if character.isLetter || character.isNumber || character == "_" {
                if pendingDash && !result.isEmpty { result.append("-") }
                pendingDash = false
                result.append(character)
            } else {
                pendingDash = true
            }
        }
        return result.isEmpty ? "_" : result
    }

    /// Makes a view, component or device name safe as one folder: path separators
    /// become `-` and a name that is empty or starts with `.` gets a leading `_`,
    /// so no name can reach outside `__Snapshots__`.
    @_spi(PyramidTools) public static func folderName(_ name: String) -> String {
        var folder = String(name.map { $0 == "/" || $0 == "\\" || $0 == "\0" ? "-" : $0 })
        if folder.isEmpty || folder.hasPrefix(".") { folder = "_" + folder }
        return folder
    }
}
