/// One piece of JSON-like text as the fuzzers' JSON helpers walk it: a string's contents as
/// written (escapes skipped, never decoded; up to the end when it is not closed), or one byte
/// outside any string.
public enum JSONLexeme {
    case string(Range<Int>)
    case byte(Int)
}

/// Walks `bytes` once, string by string and byte by byte: the one lexical walk that
/// ``repeatsAKey(_:)`` and the JSON harness's comma cleaner share.
public func forEachJSONLexeme(_ bytes: [UInt8], _ body: (JSONLexeme) -> Void) {
    var index = 0
    while index < bytes.count {
        guard bytes[index] == UInt8(ascii: "\"") else {
            body(.byte(index))
            index += 1
            continue
        }
        let start = index + 1
        index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        body(.string(start..<min(index, bytes.count)))
        index += 1
    }
}

/// The index of the first byte at or after `index` that is not JSON whitespace, if any.
public func nextNonBlank(_ bytes: [UInt8], from index: Int) -> Int? {
    bytes[min(index, bytes.count)...].firstIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
}
