/// Whether JSON text repeats a key in one object, as written (escapes not decoded): which of the
/// values a parser keeps is then its own choice (RFC 8259 §4), so two parsers may differ.
public func repeatsAKey(_ input: some Collection<UInt8>) -> Bool {
    let bytes = Array(input)
    // One entry a container being read: the keys seen, for an object; nil for an array.
    var open: [Set<ArraySlice<UInt8>>?] = []
    var index = 0
    while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "{"): open.append([])
        case UInt8(ascii: "["): open.append(nil)
        case UInt8(ascii: "}"), UInt8(ascii: "]"): if !open.isEmpty { open.removeLast() }
        case UInt8(ascii: "\""):
            let start = index + 1
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            let text = bytes[start..<min(index, bytes.count)]
            var next = index + 1
            while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: ":"), let last = open.last, var keys = last {
                if !keys.insert(text).inserted { return true }
                open[open.count - 1] = keys
            }
        default: break
        }
        index += 1
    }
    return false
}
