import Foundation

/// A pull parser over the bytes of one JSON document that reads only what it is asked for:
/// an event line's `_backtrace` or an unknown field is stepped over without building values.
/// Reading a 10,000-test stream this way is several times faster than decoding each line
/// whole, which is what lets `pyramid spec` render such a run in well under a second.
package struct JSONScanner {
    package struct Failure: Error, CustomStringConvertible {
        package var offset: Int
        package var reason: String
        package var description: String { "invalid JSON at byte \(offset + 1): \(reason)" }

        /// A failure at byte `offset` (from 0), for `reason`.
        package init(offset: Int, reason: String) {
            self.offset = offset
            self.reason = reason
        }
    }

    private let bytes: UnsafeRawBufferPointer
    private(set) var index = 0

    package init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    private func fail(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { throw fail("expected \(what)") }
        index += 1
    }

    /// Checks that nothing but white space follows the document.
    package mutating func end() throws(Failure) {
        skipSpace()
        guard index == bytes.count else { throw fail("unexpected text after the value") }
    }

    /// Consumes `text` when the bytes at the scanner's place are exactly it, white space and
    /// all; false, and nothing consumed, when they are not. For a fast path over JSON a known
    /// writer wrote: a reader that meets anything else reads it the general way.
    package mutating func literal(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard let base = bytes.baseAddress, index + count <= bytes.count, memcmp(base + index, text.utf8Start, count) == 0 else {
            return false
        }
        index += count
        return true
    }

    /// Whether the next value is `null`; consumes it if so.
    package mutating func null() -> Bool {
        skipSpace()
        guard index + 4 <= bytes.count, bytes[index] == 0x6E, bytes[index + 1] == 0x75, bytes[index + 2] == 0x6C,
            bytes[index + 3] == 0x6C
        else { return false }
        index += 4
        return true
    }

    /// Walks an object's members; `member` gets each key's bytes and must read or skip the value.
    package mutating func object(_ member: (UnsafeRawBufferPointer, inout JSONScanner) throws(Failure) -> Void) throws(Failure) {
        try expect(0x7B, "an object")
        skipSpace()
        if index < bytes.count, bytes[index] == 0x7D {
            index += 1
            return
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == 0x22 else { throw fail("expected a key") }
            let key = try rawStringBytes()
            try expect(0x3A, "':'")
            try member(key, &self)
            skipSpace()
            guard index < bytes.count else { throw fail("unterminated object") }
            if bytes[index] == 0x2C {
                index += 1
            } else if bytes[index] == 0x7D {
                index += 1
                return
            } else {
                throw fail("expected ',' or '}'")
            }
        }
    }

    /// Walks an array's elements; `element` must read or skip each.
    package mutating func array(_ element: (inout JSONScanner) throws(Failure) -> Void) throws(Failure) {
        try expect(0x5B, "an array")
        skipSpace()
        if index < bytes.count, bytes[index] == 0x5D {
            index += 1
            return
        }
        while true {
            try element(&self)
            skipSpace()
            guard index < bytes.count else { throw fail("unterminated array") }
            if bytes[index] == 0x2C {
                index += 1
            } else if bytes[index] == 0x5D {
                index += 1
                return
            } else {
                throw fail("expected ',' or ']'")
            }
        }
    }

    /// The bytes between a string's quotes, escapes left as they are (for keys, which have none).
    private mutating func rawStringBytes() throws(Failure) -> UnsafeRawBufferPointer {
        index += 1
        let start = index
        // Most strings have no escape: the closing quote is found with memchr, and the bytes
        // before it hold no backslash. Otherwise they are stepped through one by one.
        if let base = bytes.baseAddress, start < bytes.count, let quote = memchr(base + start, 0x22, bytes.count - start) {
            let end = UnsafeRawPointer(quote) - base
            if memchr(base + start, 0x5C, end - start) == nil {
                index = end + 1
                return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            }
        }
        while index < bytes.count {
            switch bytes[index] {
            case 0x22:
                let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return slice
            case 0x5C:
                // Escapes are checked even in strings passed over, so a line the decoder would
                // refuse is refused here too (a key's "\ut", found by the fuzzer).
                guard index + 1 < bytes.count else { throw fail("unterminated string") }
                switch bytes[index + 1] {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: index += 2
                case 0x75:
                    index += try Self.unicodeEscape(bytes, at: index, fail: fail).length
                default: throw fail("invalid escape")
                }
            default: index += 1
            }
        }
        throw fail("unterminated string")
    }

    package mutating func string() throws(Failure) -> String {
        try string(fromRaw: rawString())
    }

    /// A string's bytes between its quotes, its escapes left as they are: a place in the input
    /// to compare or keep, made a string later (``string(fromRaw:)``) if at all.
    package mutating func rawString() throws(Failure) -> UnsafeRawBufferPointer {
        skipSpace()
        guard index < bytes.count, bytes[index] == 0x22 else { throw fail("expected a string") }
        return try rawStringBytes()
    }

    /// The string that `raw`, the bytes ``rawString()`` gave, stands for.
    package func string(fromRaw raw: UnsafeRawBufferPointer) throws(Failure) -> String {
        guard raw.contains(0x5C) else { return String(decoding: raw, as: UTF8.self) }
        return try unescape(raw)
    }

    /// The scalar of the `\\u` escape at `at` in `buffer` (a surrogate pair taken whole) and how
    /// many bytes it spans: 6, or 12 for a pair. A lone surrogate is an error, as it is to
    /// `JSONDecoder` (a history line's "\\ude00", found by the fuzzer).
    private static func unicodeEscape(
        _ buffer: UnsafeRawBufferPointer, at: Int, fail: (String) -> Failure
    ) throws(Failure) -> (scalar: Unicode.Scalar, length: Int) {
        guard let first = hex4(buffer, at + 2) else { throw fail("invalid \\u escape") }
        if (0xD800...0xDBFF).contains(first) {
            guard at + 12 <= buffer.count, buffer[at + 6] == 0x5C, buffer[at + 7] == 0x75, let low = hex4(buffer, at + 8),
                (0xDC00...0xDFFF).contains(low)
            else { throw fail("a high surrogate \\u\(String(first, radix: 16)) without a low one after it") }
            return (Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00))!, 12)
        }
        guard let scalar = Unicode.Scalar(first) else { throw fail("a lone low surrogate \\u\(String(first, radix: 16))") }
        return (scalar, 6)
    }

    /// The value of the four hexadecimal digits at `at`, if they are.
    private static func hex4(_ buffer: UnsafeRawBufferPointer, _ at: Int) -> UInt32? {
        guard at + 4 <= buffer.count else { return nil }
        var value: UInt32 = 0
        for byte in buffer[at..<(at + 4)] {
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private func unescape(_ raw: UnsafeRawBufferPointer) throws(Failure) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            let byte = raw[i]
            guard byte == 0x5C, i + 1 < raw.count else {
                out.append(byte)
                i += 1
                continue
            }
            let escape = raw[i + 1]
            i += 2
            switch escape {
            case 0x22, 0x5C, 0x2F: out.append(escape)
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                let (scalar, length) = try Self.unicodeEscape(raw, at: i - 2, fail: fail)
                i += length - 2
                out.append(contentsOf: String(Character(scalar)).utf8)
            default: throw fail("bad escape")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    package mutating func double() throws(Failure) -> Double {
        skipSpace()
        let start = index
        while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
        guard index > start else { throw fail("expected a number") }
        // strtod reads more than JSON allows (".5", "1.", "1e", "0x1p3", "inf") and stops early
        // without saying so: the text is checked first (a history's ".195e" was read as 0.195,
        // found by the fuzzer).
        guard Self.isJSONNumber(UnsafeRawBufferPointer(rebasing: bytes[start..<index])) else {
            throw fail("not a JSON number")
        }
        if let exact = Self.simpleDecimal(UnsafeRawBufferPointer(rebasing: bytes[start..<index])) { return exact }
        // Numbers are short: parse a NUL-terminated copy on the stack (the line itself is not terminated).
        let length = index - start
        let value = withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { buffer in
            for offset in 0..<length { buffer[offset] = CChar(bitPattern: bytes[start + offset]) }
            buffer[length] = 0
            return strtod(buffer.baseAddress!, nil)
        }
        // 1e999 is JSON, but no double: refused, as JSONDecoder refuses it (fuzz finding).
        guard value.isFinite else { throw fail("number out of range") }
        return value
    }

    /// Whether `text` is a whole JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isJSONNumber(_ text: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < text.count, text[index] >= 0x30, text[index] <= 0x39 { index += 1 }
            return index - start
        }
        if index < text.count, text[index] == 0x2D { index += 1 }
        guard index < text.count else { return false }
        if text[index] == 0x30 { index += 1 } else if digits() == 0 { return false }
        if index < text.count, text[index] == 0x2E {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < text.count, text[index] == 0x65 || text[index] == 0x45 {
            index += 1
            if index < text.count, text[index] == 0x2B || text[index] == 0x2D { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == text.count
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }

    /// A number written as `-123.456` (no exponent, at most 15 digits), read exactly: its digits
    /// as an integer, divided by a power of ten, are both exact doubles, and one division rounds
    /// correctly (Clinger's fast path). Nil for anything else, which strtod reads.
    private static func simpleDecimal(_ text: UnsafeRawBufferPointer) -> Double? {
        var index = 0
        let negative = text[0] == 0x2D
        if negative { index = 1 }
        var mantissa: Int64 = 0, digits = 0, fraction = -1
        while index < text.count {
            let byte = text[index]
            if byte == 0x2E {
                guard fraction < 0 else { return nil }
                fraction = 0
            } else if byte >= 0x30, byte <= 0x39 {
                mantissa = mantissa * 10 + Int64(byte - 0x30)
                digits += 1
                if fraction >= 0 { fraction += 1 }
                guard digits <= 15 else { return nil }
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, fraction != 0 else { return nil }
        let value = Double(mantissa) / powersOfTen[max(fraction, 0)]
        return negative ? -value : value
    }

    @inline(__always)
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x2D, 0x2B, 0x2E, 0x65, 0x45: true
        default: false
        }
    }

    package mutating func int() throws(Failure) -> Int {
        let value = try double()
        guard value.isFinite, value.rounded() == value, abs(value) < 9e15 else { throw fail("expected an integer") }
        return Int(value)
    }

    package mutating func bool() throws(Failure) -> Bool {
        skipSpace()
        if index + 4 <= bytes.count, bytes[index] == 0x74, bytes[index + 1] == 0x72, bytes[index + 2] == 0x75, bytes[index + 3] == 0x65 {
            index += 4
            return true
        }
        if index + 5 <= bytes.count, bytes[index] == 0x66, bytes[index + 1] == 0x61, bytes[index + 2] == 0x6C,
            bytes[index + 3] == 0x73, bytes[index + 4] == 0x65
        {
            index += 5
            return false
        }
        throw fail("expected true or false")
    }

    /// Steps over one value of any kind, checking its syntax but building nothing.
    package mutating func skipValue() throws(Failure) {
        skipSpace()
        guard index < bytes.count else { throw fail("expected a value") }
        switch bytes[index] {
        case 0x7B: try object { _, scanner throws(Failure) in try scanner.skipValue() }
        case 0x5B: try array { scanner throws(Failure) in try scanner.skipValue() }
        case 0x22: _ = try rawStringBytes()
        case 0x74, 0x66: _ = try bool()
        case 0x6E: if !null() { throw fail("expected null") }
        default: _ = try double()
        }
    }

    /// Reads a string, or nil for `null`.
    package mutating func optionalString() throws(Failure) -> String? { null() ? nil : try string() }

    /// Reads an array of strings.
    package mutating func strings() throws(Failure) -> [String] {
        var values: [String] = []
        try array { scanner throws(Failure) in values.append(try scanner.string()) }
        return values
    }
}

extension UnsafeRawBufferPointer {
    /// Whether these bytes spell `text` (an ASCII key).
    @inline(__always)
    package func equals(_ text: StaticString) -> Bool {
        guard count == text.utf8CodeUnitCount else { return false }
        if count == 0 { return true }
        return memcmp(baseAddress!, text.utf8Start, count) == 0
    }
}

private extension UInt8 {
    var isHexDigit: Bool { (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self) }
}
