import Foundation
import FuzzSupport
import HTTPStubs

/// What Foundation's parser made of a document, as a ``JSONValue``: booleans stay booleans,
/// every number is a `Double` (JSON's numbers compared as the spec's numbers are).
func value(_ object: Any) -> JSONValue? {
    switch object {
    case is NSNull: return .null
    case let number as NSNumber:
        // Foundation's booleans are NSNumbers of type "c" (Linux's __NSCFBoolean); JSON's
        // numbers never parse to a char.
        if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
        return .number(number.doubleValue)
    case let string as String: return .string(string)
    case let array as [Any]:
        var elements: [JSONValue] = []
        for element in array {
            guard let converted = value(element) else { return nil }
            elements.append(converted)
        }
        return .array(elements)
    case let dictionary as [String: Any]:
        var members: [String: JSONValue] = [:]
        for (key, element) in dictionary {
            guard let converted = value(element) else { return nil }
            members[key] = converted
        }
        return .object(members)
    default: return nil
    }
}

/// Inputs where the two parsers are allowed to differ, each for a reason the spec leaves open
/// (RFC 8259 §4, §6, §8.1) or Foundation's extensions: text that is not UTF-8 or starts with a
/// byte-order mark (Foundation detects UTF-16 and UTF-32). Documents that repeat a key may
/// differ in their values (which one is kept is the parser's choice).
func outsideTheComparison(_ input: UnsafeRawBufferPointer) -> Bool {
    if input.starts(with: [0xEF, 0xBB, 0xBF]) || input.prefix(4).contains(0) { return true }
    return String(validating: input, as: UTF8.self) == nil
}

/// Our parser and Foundation's `JSONSerialization` agree on what is JSON and on its value; what
/// parses renders to text that parses back to the same value; an error names a line and column
/// inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let ours = Result { () throws(JSONParseError) in try JSONValue.decode(input) }
    if case .failure(let error) = ours {
        let lines = input.count(where: { $0 == 0x0A }) + 1
        if error.line < 1 || error.line > lines || error.column < 1 { finding(input, "error outside the input: \(error)") }
    }
    if case .success(let parsed) = ours {
        guard let again = try? JSONValue(parsing: parsed.compactText), again == parsed else {
            finding(input, "compact text does not parse back to the same value: \(parsed.compactText)")
        }
        guard let pretty = try? JSONValue(parsing: parsed.prettyText), pretty == parsed else {
            finding(input, "pretty text does not parse back to the same value")
        }
    }
    guard !outsideTheComparison(input) else { return 0 }
    let theirs = Result { try JSONSerialization.jsonObject(with: Data(input), options: [.fragmentsAllowed]) }
    switch (ours, theirs) {
    case let (.success(parsed), .success(object)):
        guard let reference = value(object) else { finding(input, "Foundation gave a value of no JSON kind: \(object)") }
        if !agree(parsed, reference), !repeatsAKey(input) {
            finding(input, "the parsers disagree on the value: ours \(parsed.compactText), Foundation's \(reference.compactText)")
        }
    case (.failure, .failure):
        break
    case let (.success(parsed), .failure(error)):
        finding(input, "ours accepts what Foundation rejects (\(error)): \(parsed.compactText.prefix(200))")
    case let (.failure(error), .success(object)):
        // Foundation allows a comma before a closing bracket, which RFC 8259 does not: the same
        // text without such commas must then parse, to the same value.
        let cleaned = withoutTrailingCommas(input)
        guard cleaned.count < input.count, let reparsed = try? JSONValue.decode(cleaned), let reference = value(object), agree(reparsed, reference)
        else {
            finding(input, "Foundation accepts what ours rejects: \(error)")
        }
    }
    return 0
}

/// Whether two values are the same JSON, numbers to 13 significant digits: ours rounds each
/// literal correctly (`Double(String)`), Foundation's parser does not always
/// (`1795255945.3948429` comes out 2 ulps away, `6.666666666666667e+78` 4), and RFC 8259 §6
/// leaves precision to the parser. Strings are compared as Foundation reads them: on Linux it
/// drops a U+FEFF that starts a string or follows an escape (each run of text between escapes is
/// decoded as a file would be, its byte order mark dropped), which ours keeps, as RFC 8259 §7
/// has it (found by this harness: `"gs{\r<U+FEFF>so"`).
func agree(_ ours: JSONValue, _ theirs: JSONValue) -> Bool {
    switch (ours, theirs) {
    case let (.number(a), .number(b)):
        return a == b || abs(a - b) <= 1e-13 * max(abs(a), abs(b))
    case let (.string(a), .string(b)):
        return a == b || asFoundationReads(a) == asFoundationReads(b)
    case let (.array(a), .array(b)):
        return a.count == b.count && zip(a, b).allSatisfy(agree)
    case let (.object(a), .object(b)):
        return a.count == b.count && a.allSatisfy { key, value in
            (b[key] ?? b.first { asFoundationReads($0.key) == asFoundationReads(key) }?.value).map { agree(value, $0) } ?? false
        }
    default:
        return ours == theirs
    }
}

/// A string without U+FEFF: two strings that differ only in where they hold one are the same
/// string as far as Foundation's parser can tell.
func asFoundationReads(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{FEFF}", with: "")
}

/// The text without the commas that stand right before a `}` or `]` (outside strings).
func withoutTrailingCommas(_ input: UnsafeRawBufferPointer) -> [UInt8] {
    let bytes = Array(input)
    var out: [UInt8] = []
    forEachJSONLexeme(bytes) { lexeme in
        switch lexeme {
        case .string(let range):
            out += bytes[(range.lowerBound - 1)..<min(range.upperBound + 1, bytes.count)]
        case .byte(let index):
            if bytes[index] == UInt8(ascii: ","), let next = nextNonBlank(bytes, from: index + 1),
               bytes[next] == UInt8(ascii: "}") || bytes[next] == UInt8(ascii: "]") {
                return
            }
            out.append(bytes[index])
        }
    }
    return out
}

#if FUZZ_SMOKE
/// The smoke build's entry (scripts/fuzz-all with FUZZ_BUILD=smoke): libFuzzer on ``fuzzJSON(_:_:)``.
@main enum SmokeEntry { static func main() { runLibFuzzer(fuzzJSON) } }
#endif
