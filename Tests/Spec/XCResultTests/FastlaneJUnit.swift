import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One `<testcase>` of the JUnit that fastlane's `trainer` wrote from a result bundle: the
/// independent oracle the readers are checked against.
struct FastlaneCase: Hashable, CustomStringConvertible {
    /// `classname`: the suite path, `Outer.Inner`.
    var suite: String
    /// The test's name: the `testname` property for a parameterised test, else `name`.
    var test: String
    /// The `argument` property, for a parameterised test.
    var arguments: String?
    /// The attempt, from 1: the `repetition` property's number (see ``FastlaneJUnit/attempt(_:)``), 1 when there is none.
    var repetition: Int
    /// "failed", "skipped" or "passed".
    var outcome: String
    /// Each `<failure>`'s message, sorted; for a skipped test, the `<skipped>` message.
    var messages: [String]

    var description: String {
        "\(suite) › \(test)\(arguments.map { " (\($0))" } ?? "") #\(repetition): \(outcome) \(messages)"
    }
}

/// Reads fastlane's JUnit with Foundation's XML parser.
final class FastlaneJUnit: NSObject, XMLParserDelegate {
    private(set) var cases: [FastlaneCase] = []
    private var current: (attributes: [String: String], properties: [String: String], failures: [String], skipped: String?)?

    /// Xcode 26 names a case's runs "First Run", "Retry 1", …; Xcode 16 "Retry 1", "Retry 2", ….
    let firstRunNamed: Bool

    init(firstRunNamed: Bool) { self.firstRunNamed = firstRunNamed }

    static func read(_ path: String, firstRunNamed: Bool) throws -> [FastlaneCase] {
        let reader = FastlaneJUnit(firstRunNamed: firstRunNamed)
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: path)))
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        return reader.cases
    }

    /// The attempt, from 1, that a repetition's name gives. fastlane copies Xcode's names.
    func attempt(_ name: String) -> Int {
        if name == "First Run" { return 1 }
        return (Int(name.replacingOccurrences(of: "Retry ", with: "")) ?? -1) + (firstRunNamed ? 1 : 0)
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch element {
        case "testcase": current = (attributes, [:], [], nil)
        case "property": if current != nil, let name = attributes["name"] { current!.properties[name] = attributes["value"] ?? "" }
        case "failure": current?.failures.append(attributes["message"] ?? "")
        case "skipped": current?.skipped = attributes["message"] ?? ""
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        guard element == "testcase", let testCase = current else { return }
        current = nil
        let repetition = testCase.properties["repetition"].map(attempt) ?? 1
        let outcome = !testCase.failures.isEmpty ? "failed" : testCase.skipped != nil ? "skipped" : "passed"
        cases.append(FastlaneCase(
            suite: testCase.attributes["classname"] ?? "", test: testCase.properties["testname"] ?? testCase.attributes["name"] ?? "",
            arguments: testCase.properties["argument"], repetition: repetition, outcome: outcome,
            messages: outcome == "skipped" ? [testCase.skipped ?? ""] : testCase.failures.sorted()))
    }
}
