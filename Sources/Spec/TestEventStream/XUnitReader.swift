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
    ///
    /// Read with `XMLParser`, event by event: `XMLDocument` crashes on some malformed files
    /// (an unknown encoding, found by the fuzzer), where the parser reports an error.
    public static func read(_ data: Data, path: String) throws(Failure) -> [XCTestRecord] {
        guard data.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw Failure(path: path, reason: data.isEmpty ? "it is empty" : "it holds only blanks")
        }
        let parser = XMLParser(data: data)
        let reader = Reader()
        parser.delegate = reader
        let parsed = parser.parse()
        if let root = reader.root, !["testsuites", "testsuite"].contains(root) {
            throw Failure(path: path, reason: "its root element is <\(root)>, not <testsuites> or <testsuite>")
        }
        if let problem = reader.problem { throw Failure(path: path, reason: problem) }
        guard parsed else {
            let code = (parser.parserError as NSError?)?.code.description ?? "unknown"
            throw Failure(path: path, reason: "not well-formed XML at line \(parser.lineNumber), column \(parser.columnNumber) (parser error \(code))")
        }
        guard reader.root != nil else { throw Failure(path: path, reason: "it has no root element") }
        if let open = reader.open.last {
            throw Failure(path: path, reason: "it ends inside <\(open)>: the file was cut short")
        }
        return reader.records
    }

    /// The parser's delegate: collects `<testcase>` elements, their failures and skips.
    private final class Reader: NSObject, XMLParserDelegate {
        var root: String?
        /// The elements open where the reading stopped, outermost first.
        var open: [String] = []
        var records: [XCTestRecord] = []
        /// What stopped the reading, when it is not the XML's form.
        var problem: String?
        /// The test case being read: its attributes, failures and skip.
        private var testCase: (attributes: [String: String], failures: [XCTestRecord.Failure], skip: String?)?
        /// The failure being read inside it: its message attribute and its text so far.
        private var failure: (message: String, text: String)?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if root == nil {
                root = name
                guard ["testsuites", "testsuite"].contains(name) else { return parser.abortParsing() }
            }
            open.append(name)
            switch name {
            case "testcase":
                guard testCase == nil else { return fail("a <testcase> inside a <testcase>", parser) }
                testCase = (attributes, [], nil)
            case "failure" where testCase != nil, "error" where testCase != nil:
                failure = (attributes["message"] ?? "", "")
            case "skipped" where testCase != nil:
                testCase?.skip = attributes["message"] ?? ""
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            failure?.text += string
        }

        func parser(_ parser: XMLParser, foundCDATA data: Data) {
            failure?.text += String(decoding: data, as: UTF8.self)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if !open.isEmpty { open.removeLast() }
            switch name {
            case "failure", "error":
                guard let read = failure else { return }
                testCase?.failures.append(XCTestRecord.Failure(message: read.text.isEmpty ? read.message : read.text, file: nil, line: nil))
                failure = nil
            case "testcase":
                guard let read = testCase else { return }
                testCase = nil
                let classname = read.attributes["classname"] ?? ""
                guard let method = read.attributes["name"], !method.isEmpty else {
                    return fail("a <testcase> in \(classname.isEmpty ? "the file" : classname) has no name", parser)
                }
                let parts = classname.split(separator: ".").map(String.init)
                let outcome: XCTestRecord.Outcome = !read.failures.isEmpty ? .failed : read.skip != nil ? .skipped : .passed
                records.append(XCTestRecord(
                    module: parts.count > 1 ? parts.dropLast().joined(separator: ".") : nil, className: parts.last ?? classname,
                    method: method, outcome: outcome, duration: read.attributes["time"].flatMap(Double.init),
                    failures: read.failures, skipReason: read.skip))
            default:
                break
            }
        }

        private func fail(_ reason: String, _ parser: XMLParser) {
            if problem == nil { problem = reason }
            parser.abortParsing()
        }
    }
}
