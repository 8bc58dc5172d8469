/// A path template ("/articles/{id}") split into literal text and placeholders, matched
/// without a regular expression (NSRegularExpression costs tens of microseconds a match on
/// Linux, most of a stub session's round trip).
///
/// A placeholder captures one or more characters other than "/", as many as still let the rest
/// match (a regular expression's greedy `([^/]+)`); literals compare byte for byte, as sent.
struct PathTemplate: Sendable, Hashable {
    enum Part: Sendable, Hashable {
        case literal([UInt8])
        case placeholder(String)
    }

    let parts: [Part]
    /// The placeholders' names, in order.
    let names: [String]

    init(_ template: String) {
        var parts: [Part] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { parts.append(.literal(Array(rest[..<open].utf8))) }
            parts.append(.placeholder(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.literal(Array(rest.utf8))) }
        self.parts = parts
        names = parts.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
    }

    /// The raw (still percent-encoded) captures in order, or `nil` when `path` does not fit.
    func match(_ path: String) -> [String]? {
        let bytes = Array(path.utf8)
        var captures: [String] = []
        guard match(parts[...], bytes, bytes.startIndex, &captures) else { return nil }
        return captures
    }

    private func match(_ parts: ArraySlice<Part>, _ bytes: [UInt8], _ start: Int, _ captures: inout [String]) -> Bool {
        guard let part = parts.first else { return start == bytes.endIndex }
        switch part {
        case .literal(let literal):
            guard bytes.endIndex - start >= literal.count, bytes[start..<start + literal.count].elementsEqual(literal) else { return false }
            return match(parts.dropFirst(), bytes, start + literal.count, &captures)
        case .placeholder:
            let segmentEnd = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
            var end = segmentEnd
            while end > start {
                captures.append(String(decoding: bytes[start..<end], as: UTF8.self))
                if match(parts.dropFirst(), bytes, end, &captures) { return true }
                captures.removeLast()
                end -= 1
            }
            return false
        }
    }
}
