public import Foundation

/// Reads XCTest's results from a JUnit/xUnit XML file, as `swift test --parallel --xunit-output F`
/// writes it (its `classname` is `Module.Class`), for runs recorded elsewhere. It says less than
/// the console output: SwiftPM's file gives no failure location and only "failure" as the message.
@_spi(PyramidTools) public enum XUnitReader {
    /// Why an xUnit file could not be read.
    @_spi(PyramidTools) public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file.
        @_spi(PyramidTools) public var path: String
        /// Why it cannot be read.
        @_spi(PyramidTools) public var reason: String

        @_spi(PyramidTools) public var description: String { "\(path): not an xUnit file: \(reason)" }
    }

    /// The test cases in the file at `path`.
    /// - Throws: ``Failure`` naming the file and what is wrong with it.
    @_spi(PyramidTools) public static func read(contentsOf path: String) throws(Failure) -> [XCTestRecord] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(path: path, reason: "it cannot be read")
        }
        return try read(data, path: path)
    }

    /// The test cases in `data`; `path` names it in errors.
    ///
    /// Read with a small XML reader of this module's own: FoundationXML's readers crash on some
    /// malformed files (found by the fuzzer).
    @_spi(PyramidTools) public static func read(_ data: Data, path: String) throws(Failure) -> [XCTestRecord] {
        let root: XMLTree.Element
        do {
            root = try XMLTree(data).root
        } catch {
            throw Failure(path: path, reason: "not XML it can read: \(error)")
        }
        guard ["testsuites", "testsuite"].contains(root.name) else {
            throw Failure(path: path, reason: "its root element is <\(root.name)>, not <testsuites> or <testsuite>")
        }
        var records: [XCTestRecord] = []
        for element in testCases(under: root) {
            let classname = element.attributes["classname"] ?? ""
            guard let name = element.attributes["name"], !name.isEmpty else {
                throw Failure(path: path, reason: "a <testcase> in \(classname.isEmpty ? "the file" : classname) has no name")
            }
            let parts = classname.split(separator: ".").map(String.init)
            let failures = element.children.filter { $0.name == "failure" || $0.name == "error" }.map { failure in
                XCTestRecord.Failure(message: failure.text.isEmpty ? failure.attributes["message"] ?? "" : failure.text, file: nil, line: nil)
            }
            let skipped = element.children.first { $0.name == "skipped" }
            let outcome: XCTestRecord.Outcome = !failures.isEmpty ? .failed : skipped != nil ? .skipped : .passed
            records.append(XCTestRecord(
                module: parts.count > 1 ? parts.dropLast().joined(separator: ".") : nil, className: parts.last ?? classname,
                method: name, outcome: outcome, duration: element.attributes["time"].flatMap(Double.init), failures: failures,
                skipReason: skipped.map { $0.attributes["message"] ?? "" }))
        }
        return records
    }

    /// The `<testcase>` elements under `element`, at any depth, in document order.
    private static func testCases(under element: XMLTree.Element) -> [XMLTree.Element] {
        var found: [XMLTree.Element] = []
        var pending = element.children.reversed() as [XMLTree.Element]
        while let next = pending.popLast() {
            if next.name == "testcase" { found.append(next) } else { pending.append(contentsOf: next.children.reversed()) }
        }
        return found
    }
}
