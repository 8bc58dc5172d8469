/// How deep `[` brackets nest in Swift source, outside comments and string literals.
///
/// swift-syntax's parser takes time exponential in that depth (each `[` is parsed both as an
/// array and as a dictionary): 16 levels take a second, 30 would take hours. A file nested
/// deeper than ``limit`` is not parsed; the generator says so (found by the fuzzer).
enum BracketDepth {
    /// The deepest nesting read: 12 levels parse in a tenth of a second; real code rarely
    /// passes 4.
    static let limit = 12

    /// The deepest nesting in `source` and the line where it is first reached; nil when it
    /// stays within ``limit``.
    static func tooDeep(_ source: String) -> (depth: Int, line: Int)? {
        var depth = 0, deepest = 0, deepestLine = 1, line = 1
        var bytes = source.utf8.makeIterator()
        var pending: UInt8?
        func next() -> UInt8? {
            if let byte = pending { pending = nil; return byte }
            return bytes.next()
        }
        while let byte = next() {
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
            case UInt8(ascii: "["):
                depth += 1
                if depth > deepest { deepest = depth; deepestLine = line }
            case UInt8(ascii: "]"):
                depth = max(0, depth - 1)
            case UInt8(ascii: "/"):
                guard let following = next() else { break }
                if following == UInt8(ascii: "/") {
                    // A line comment, to its end.
                    while let skipped = next(), skipped != UInt8(ascii: "\n") {}
                    line += 1
                } else if following == UInt8(ascii: "*") {
                    // A block comment; they nest in Swift.
                    var open = 1, previous: UInt8 = 0
                    while open > 0, let skipped = next() {
                        if skipped == UInt8(ascii: "\n") { line += 1 }
                        if previous == UInt8(ascii: "/"), skipped == UInt8(ascii: "*") { open += 1; previous = 0; continue }
                        if previous == UInt8(ascii: "*"), skipped == UInt8(ascii: "/") { open -= 1; previous = 0; continue }
                        previous = skipped
                    }
                } else {
                    pending = following
                }
            case UInt8(ascii: "\""):
                // A string literal, to its closing quote (escapes skipped; a multi-line
                // literal's inner quotes only end it early, which can only lower the depth).
                while let skipped = next(), skipped != UInt8(ascii: "\"") {
                    if skipped == UInt8(ascii: "\\") { _ = next() }
                    if skipped == UInt8(ascii: "\n") { line += 1 }
                }
            default:
                break
            }
        }
        return deepest > limit ? (deepest, deepestLine) : nil
    }
}
