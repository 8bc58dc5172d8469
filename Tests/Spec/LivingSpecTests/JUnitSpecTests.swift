import Foundation
import Testing
import TestEventStream

#if canImport(FoundationXML)
import FoundationXML
#endif

@testable import LivingSpec

/// Collects the elements of an XML document with their attributes and text.
final class XMLElements: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
    }

    var elements: [Element] = []
    private var open: [Int] = []
    var error: (any Error)?

    static func parse(_ text: String) -> XMLElements {
        let collector = XMLElements()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = collector
        if !parser.parse() { collector.error = parser.parserError }
        return collector
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        open.append(elements.count)
        elements.append(Element(name: name, attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }
}

@Suite("JUnit XML spec")
struct JUnitSpecTests {
    @Test("well-formed, one testcase per case, display names kept, failures and skips counted")
    func structure() throws {
        let xml = XMLElements.parse(JUnitSpec.render(SpecDocument(run: try SampleRun.run(), title: "Spec")))
        #expect(xml.error == nil)
        let root = try #require(xml.all("testsuites").first)
        #expect(root.attributes["tests"] == "12")
        #expect(root.attributes["failures"] == "3")
        #expect(root.attributes["skipped"] == "2")
        #expect(xml.all("testsuite").map { $0.attributes["name"] ?? "" } == [
            "SampleTests › 個人法人選択画面 › onTapNext: 「次へ」をタップした時", "SampleTests › 個人法人選択画面", "SampleTests › Other outcomes",
        ])
        let names = xml.all("testcase").compactMap { $0.attributes["name"] }
        #expect(names.contains("法人を選択中なら基本情報画面に遷移すること"))
        #expect(names.contains("選択肢ごとに「次へ」が活性化すること (\"none\")"))
        #expect(xml.all("testcase").first?.attributes["classname"] == "SampleTests.RegisterScreen.OnTapNext")
        #expect(xml.all("failure").map { $0.attributes["message"] ?? "" }.contains("Caught error: Offline()"))
        #expect(xml.all("skipped").map { $0.attributes["message"] ?? "" } == ["waiting for the new API", "cancelled: no network here"])
        #expect(xml.all("property").filter { $0.attributes["name"] == "tag" }.map { $0.attributes["value"] ?? "" } == ["smoke", "登録"])
        let frameworks = xml.all("property").filter { $0.attributes["name"] == "framework" }
        #expect(frameworks.count == xml.all("testcase").count, "every test case names its framework")
        #expect(frameworks.allSatisfy { $0.attributes["value"] == "Swift Testing" })
        let outputs = xml.all("system-out").map(\.text)
        #expect(outputs.contains { $0.contains("✅ Given 個人を選択している\n✅ When 「次へ」をタップする") })
        #expect(outputs.contains { $0.hasPrefix("known issue: Expectation failed: Bool(false)") })
        #expect(outputs.contains { $0.hasPrefix("warning: slow network in this environment") },
                "Issue.record's comment is the issue's message, not Swift Testing's generic \"Issue recorded\"")
    }

    @Test("characters XML cannot hold are dropped, and markup is escaped")
    func escaping() {
        let run = SampleRun.single(
            suite: "a<b>&\"c\"", test: "bell\u{7} tab\t",
            issue: IssueRecord(kind: .failure, message: "]]> <x/>", details: [], place: nil))
        let text = JUnitSpec.render(SpecDocument(run: run, title: "t"))
        let xml = XMLElements.parse(text)
        #expect(xml.error == nil)
        #expect(xml.all("testsuite").first?.attributes["name"] == "M › a<b>&\"c\"")
        #expect(xml.all("failure").first?.attributes["message"] == "]]> <x/>")
        #expect(!text.contains("\u{7}"))
    }
}
