public import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads XCTest's results from a JUnit/xUnit XML file, as `swift test --parallel --xunit-output F`
/// writes it (its `classname` is `Module.Class`), for runs recorded elsewhere. It says less than
/// the console output: SwiftPM's file gives no failure location and only "failure" as the message.
public enum XUnitReader {
    /// Why an xUnit file could not be read.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file.
        public var path: String
        /// Why it cannot be read.
        public var reason: String

        public var description: String { "\(path): not an xUnit file: \(reason)" }
    }

    /// The test cases in the file at `path`.
    /// - Throws: ``Failure`` naming the file and what is wrong with it.
    public static func read(contentsOf path: String) throws(Failure) -> [XCTestRecord] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(path: path, reason: "it cannot be read")
        }
        return try read(data, path: path)
    }

    /// The test cases in `data`; `path` names it in errors.
    public static func read(_ data: Data, path: String) throws(Failure) -> [XCTestRecord] {
        let document: XMLDocument
        do {
            document = try XMLDocument(data: data)
        } catch {
            throw Failure(path: path, reason: "\(error.localizedDescription)")
        }
        guard let root = document.rootElement(), ["testsuites", "testsuite"].contains(root.name ?? "") else {
            throw Failure(path: path, reason: "its root element is <\(document.rootElement()?.name ?? "none")>, not <testsuites> or <testsuite>")
        }
        var records: [XCTestRecord] = []
        for element in testCases(under: root) {
            let classname = element.attribute(forName: "classname")?.stringValue ?? ""
            guard let name = element.attribute(forName: "name")?.stringValue, !name.isEmpty else {
                throw Failure(path: path, reason: "a <testcase> in \(classname.isEmpty ? "the file" : classname) has no name")
            }
            let parts = classname.split(separator: ".").map(String.init)
            let className = parts.last ?? classname
            let module = parts.count > 1 ? parts.dropLast().joined(separator: ".") : nil
            let children = element.children?.compactMap { $0 as? XMLElement } ?? []
            let failures = children.filter { $0.name == "failure" || $0.name == "error" }.map { failure in
                let message = failure.attribute(forName: "message")?.stringValue ?? ""
                let body = failure.stringValue ?? ""
                return XCTestRecord.Failure(message: body.isEmpty ? message : body, file: nil, line: nil)
            }
            let skipped = children.first { $0.name == "skipped" }
            let outcome: XCTestRecord.Outcome = !failures.isEmpty ? .failed : skipped != nil ? .skipped : .passed
            records.append(XCTestRecord(
                module: module, className: className, method: name, outcome: outcome,
                duration: element.attribute(forName: "time")?.stringValue.flatMap(Double.init), failures: failures,
                skipReason: skipped.map { $0.attribute(forName: "message")?.stringValue ?? "" }))
        }
        return records
    }

    private static func testCases(under element: XMLElement) -> [XMLElement] {
        (element.children ?? []).compactMap { $0 as? XMLElement }.flatMap { child -> [XMLElement] in
            child.name == "testcase" ? [child] : testCases(under: child)
        }
    }
}
