import Foundation
import FuzzSupport
import HTTPStubs
@_spi(PyramidTools) import HTTPStubsCore
@_spi(PyramidTools) import PyramidJSON

/// A document the fuzzed JSONPath expressions select in: every kind of value, nested.
let document: JSONValue = [
    "store": ["book": [["title": "記事", "price": 8.95, "tags": ["swift"]], ["title": "テスト", "price": 12, "isbn": "0-553"]]],
    "count": 2, "draft": false, "owner": .null, "": ["": 1],
]

/// Requests each decoded mapping is matched against: the mapping's own text travels in the body,
/// the query and a header, so the fuzzer's bytes reach every matcher.
func requests(_ text: String) -> [StubRequest] {
    let query = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    let candidates = [
        try? StubRequest(method: "GET", url: "http://localhost/api/articles?q=\(query)", headers: ["X-Fuzz": String(text.prefix(200))], body: text),
        try? StubRequest(method: "POST", url: "http://localhost/" + query, headers: ["Content-Type": "application/json"], body: text),
        try? StubRequest(method: "DELETE", url: "http://localhost/api/articles/1", body: ""),
    ]
    return candidates.compactMap { $0 }
}

/// WireMock mappings read from any bytes: an error or stubs with issues, never a trap. Every stub
/// read writes back to WireMock's JSON, and that JSON reads back to a stub that writes the same
/// JSON. Each stub answers requests carrying the input (matchers, templates, JSONPath, regular
/// expressions run on it). The input is also a JSONPath expression and a response template.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStubs(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let text = String(decoding: input, as: UTF8.self)
    if let imported = try? WireMockMapping.decode(Data(input), source: "fuzz.json") {
        for stub in imported.stubs {
            let written: JSONValue
            do throws(WireMockEncodingError) {
                written = try WireMockMapping.encode(stub)
            } catch {
                finding(input, "a stub read from WireMock's JSON cannot be written back: \(error)")
            }
            let reread = Result { () throws(WireMockFileError) in try WireMockMapping.decode(Data(written.encoded()), source: "written.json") }
            guard case .success(let again) = reread, again.stubs.count == 1, again.issues.isEmpty else {
                finding(input, "the written mapping does not read back: \(reread) from \(written.compactText)")
            }
            guard let rewritten = try? WireMockMapping.encode(again.stubs[0]), rewritten == written else {
                finding(input, "the mapping changed on a second round trip: \(written.compactText)")
            }
        }
        let registry = StubRegistry(journalLimit: 8)
        registry.add(imported.stubs)
        for request in requests(text) {
            _ = registry.respond(to: request)
        }
    }
    if let path = try? JSONPath(text) {
        _ = path.select(in: document)
        _ = path.matches(document)
    }
    if let template = try? ResponseTemplate(text), let request = requests(text).first {
        _ = template.render(request: request, captures: ["id": text])
    }
    return 0
}

#if FUZZ_SMOKE
/// The smoke build's entry (scripts/fuzz-all with FUZZ_BUILD=smoke): libFuzzer on ``fuzzStubs(_:_:)``.
@main enum SmokeEntry { static func main() { runLibFuzzer(fuzzStubs) } }
#endif
