/// Whether JSON text repeats a key in one object, as written (escapes not decoded): which of the
/// values a parser keeps is then its own choice (RFC 8259 §4), so two parsers may differ.
public func repeatsAKey(_ input: some Collection<UInt8>) -> Bool {
    let bytes = Array(input)
    // One entry a container being read: the keys seen, for an object; nil for an array.
    var open: [Set<ArraySlice<UInt8>>?] = []
    var repeated = false
    forEachJSONLexeme(bytes) { lexeme in
        switch lexeme {
        case .byte(let index):
            switch bytes[index] {
            case UInt8(ascii: "{"): open.append([])
            case UInt8(ascii: "["): open.append(nil)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): if !open.isEmpty { open.removeLast() }
            default: break
            }
        case .string(let range):
            guard let next = nextNonBlank(bytes, from: range.upperBound + 1), bytes[next] == UInt8(ascii: ":"),
                  let last = open.last, var keys = last else { return }
            if !keys.insert(bytes[range]).inserted { repeated = true }
            open[open.count - 1] = keys
        }
    }
    return repeated
}
