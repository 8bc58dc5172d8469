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
        var scanner = Scanner(bytes: Array(source.utf8))
        scanner.scan()
        return scanner.deepest > limit ? (scanner.deepest, scanner.deepestLine) : nil
    }

    /// One pass over the source, as Swift's lexer reads it: a single-line string literal ends at
    /// its quote or at the end of its line, a multi-line one at `"""`, and brackets inside an
    /// interpolation count, since the parser reads them as code. (Reading a single-line literal
    /// on to the next quote hid 68 `[` of code after a stray quote: found by the fuzzer.)
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0, line = 1
        var depth = 0, deepest = 0, deepestLine = 1

        init(bytes: [UInt8]) { self.bytes = bytes }

        func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

        mutating func bracket(_ byte: UInt8) {
            if byte == UInt8(ascii: "[") {
                depth += 1
                if depth > deepest { deepest = depth; deepestLine = line }
            } else if byte == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            }
        }

        mutating func scan() {
            while let byte = at(0) {
                switch byte {
                case UInt8(ascii: "\n"):
                    line += 1
                    index += 1
                case UInt8(ascii: "/") where at(1) == UInt8(ascii: "/"):
                    // A line comment, to its end.
                    while let skipped = at(0), skipped != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where at(1) == UInt8(ascii: "*"):
                    blockComment()
                case UInt8(ascii: "\""):
                    string()
                default:
                    bracket(byte)
                    index += 1
                }
            }
        }

        /// A block comment; they nest in Swift.
        mutating func blockComment() {
            var open = 0
            repeat {
                if at(0) == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") {
                    open += 1
                    index += 2
                } else if at(0) == UInt8(ascii: "*"), at(1) == UInt8(ascii: "/") {
                    open -= 1
                    index += 2
                } else {
                    if at(0) == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
            } while open > 0 && index < bytes.count
        }

        /// A string literal from its opening quote: escapes skipped, interpolations read for
        /// their brackets.
        mutating func string() {
            let multiLine = at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\"")
            index += multiLine ? 3 : 1
            while let byte = at(0) {
                if byte == UInt8(ascii: "\"") {
                    if !multiLine { index += 1; return }
                    if at(1) == UInt8(ascii: "\""), at(2) == UInt8(ascii: "\"") { index += 3; return }
                    index += 1
                } else if byte == UInt8(ascii: "\n") {
                    line += 1
                    index += 1
                    if !multiLine { return }
                } else if byte == UInt8(ascii: "\\"), at(1) == UInt8(ascii: "(") {
                    index += 2
                    interpolation()
                } else if byte == UInt8(ascii: "\\") {
                    index += at(1) == UInt8(ascii: "\n") ? 1 : 2
                } else {
                    index += 1
                }
            }
        }

        /// The code of an interpolation, to its closing parenthesis.
        mutating func interpolation() {
            var open = 1
            while let byte = at(0), open > 0 {
                if byte == UInt8(ascii: "(") { open += 1 }
                if byte == UInt8(ascii: ")") { open -= 1 }
                if byte == UInt8(ascii: "\n") { line += 1 }
                bracket(byte)
                index += 1
            }
        }
    }
}
