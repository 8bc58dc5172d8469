import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PyramidTestSupport
import Testing
import VisualTesting
@_spi(PyramidTools) import VisualTestingCore

@Suite("JUnit XML")
struct JUnitReportTests {
    /// Test suites and cases with their failure and error elements, read back with a real XML parser.
    final class Reader: NSObject, XMLParserDelegate {
        var suites: [String: (tests: String, failures: String)] = [:]
        var cases: [String] = []
        var failures: [(type: String, message: String)] = []
        /// Each test case's properties, by case.
        var properties: [String: [String: String]] = [:]
        var text = ""

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch name {
            case "testsuite": suites[attributes["name"] ?? ""] = (attributes["tests"] ?? "", attributes["failures"] ?? "")
            case "testcase": cases.append((attributes["classname"] ?? "") + " › " + (attributes["name"] ?? ""))
            case "property": properties[cases.last ?? "", default: [:]][attributes["name"] ?? ""] = attributes["value"]
            case "failure", "error": failures.append((name + ":" + (attributes["type"] ?? ""), attributes["message"] ?? ""))
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }

    func read(_ xml: String) throws -> Reader {
        let parser = XMLParser(data: Data(xml.utf8))
        let reader = Reader()
        parser.delegate = reader
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        return reader
    }

    @Test("one suite per view, one case per cell, failures and new references as failures")
    func fromRun() async throws {
        let fixture = try await GalleryFixture.make()
        defer { fixture.remove() }
        let report = try fixture.report()
        let xml = JUnitReport.xml(report)
        let reader = try read(xml)
        #expect(reader.cases.count == report.results.count)
        #expect(reader.suites["Settings"]?.tests == "12")
        #expect(reader.suites["Settings"]?.failures == "8")
        #expect(reader.suites["Card"]?.failures == "2")
        #expect(reader.suites[GalleryFixture.hostileName]?.failures == "0", "names survive escaping")
        #expect(reader.failures.filter { $0.type == "failure:failed" }.count == 8)
        #expect(reader.failures.filter { $0.type == "failure:new" }.count == 2)
        #expect(reader.cases.contains("Settings › loaded · TinyPhone · dark · ja"))
        #expect(reader.text.contains(".actual.png") && reader.text.contains(".diff.png"))
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"snapshots\" tests=\"\(report.results.count)\" failures=\"10\" errors=\"0\" skipped=\"0\" time=\"0.0\">"), "the living spec's JUnit form, from the one writer")
    }

    @Test("each compared cell carries its verdict; one within tolerance also what it let through")
    func verdictProperties() async throws {
        let fixture = try await GalleryFixture.make()
        defer { fixture.remove() }
        let reader = try read(JUnitReport.xml(try fixture.report()))
        let banner = reader.properties.filter { $0.key.hasPrefix("Banner › ") }
        #expect(banner.count == 8)
        for (name, properties) in banner {
            #expect(properties["verdict"] == "withinTolerance", "\(name)")
            #expect(properties["differingPixels"] == "1" && (properties["largestRegion"]?.hasSuffix("1 × 1 pt") == true || properties["largestRegion"]?.hasSuffix("1 × 1 px") == true), "\(name): \(properties)")
            #expect(properties["diff"]?.hasSuffix(".diff.png") == true && FileManager.default.fileExists(atPath: properties["diff"] ?? ""))
        }
        #expect(reader.properties.filter { $0.key.hasPrefix("Settings › loaded") }.allSatisfy { $0.value["verdict"] == "failed" })
        #expect(reader.properties.filter { $0.key.hasPrefix("Settings › loaded") }.count == 8)
        #expect(reader.properties.filter { $0.key.hasPrefix("Settings › empty") }.allSatisfy { $0.value == ["verdict": "identical"] })
        #expect(reader.suites["Banner"]?.failures == "0")
    }

    @Test("every testsuite validates against Surefire's schema, less the test cases' own properties")
    func surefireSchema() async throws {
        let fixture = try await GalleryFixture.make()
        defer { fixture.remove() }
        let folder = TemporaryFolder("junit-schema", create: true)
        let result = try await SurefireSchema.validate(JUnitReport.xml(try fixture.report()), in: folder)
        #expect(result.suites >= 3)
        #expect(result.problems.isEmpty, "\(result.problems)")
    }

    @Test("markup, quotes and control characters in messages stay well-formed")
    func hostileText() throws {
        let result = SnapshotResult(
            name: "A&B <\"View\">", type: .view, state: "s\u{1}tate", cell: SnapshotCellIdentity(device: "Phone", theme: "dark", locale: "en", dynamicType: nil), file: "Phone/s.png", reference: "/r/Phone/s.png", outcome: .error,
            message: "]]> </failure> \u{0}\n'quoted'", comparison: nil, artifacts: nil, source: "/x.swift:1",
            recordMode: "missing", time: "2026-11-21T00:00:00Z")
        let reader = try read(JUnitReport.xml(RunReport(results: [result])))
        #expect(reader.suites["A&B <\"View\">"]?.tests == "1")
        #expect(reader.failures.map(\.type) == ["error:error"])
        #expect(reader.failures.first?.message.contains("</failure>") == true)
        #expect(reader.cases == ["A&B <\"View\"> › s\u{FFFD}tate · Phone · dark · en"])
    }

    @Test("the gallery page keeps hostile names out of the markup")
    func scriptSafeData() async throws {
        let fixture = try await GalleryFixture.make()
        defer { fixture.remove() }
        let catalog = try fixture.catalog()
        let html = try GalleryPage.html(
            items: GalleryItems.build(catalog: catalog, root: fixture.snapshots), catalog: catalog, hasReport: false,
            links: .relative(to: fixture.snapshots), title: "</title><script>alert(1)</script>")
        #expect(!html.contains(GalleryFixture.hostileName))
        #expect(html.contains("\\u003cimg src=x onerror=window.__xss=1\\u003e"))
        #expect(html.contains("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>"))
        #expect(html.components(separatedBy: "<script").count == 3, "only the data and the page's own script")
    }
}
