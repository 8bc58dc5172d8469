/// The one escaper for text placed in HTML and XML, and the one for text placed inside
/// `<script>`. Every page and report the package writes (the gallery, the review page, the
/// living spec, both JUnit files, the example screens) goes through these, so they share
/// one rule for control characters: the ones XML 1.0 cannot hold become U+FFFD, visible
/// and valid, never dropped and never passed through.
package enum Markup {
    /// Escapes text for HTML and XML content and attribute values alike: `&`, `<`, `>`, `"`
    /// and `'` become entities; C0 control characters other than tab, line feed and carriage
    /// return, and the noncharacters U+FFFE and U+FFFF, become U+FFFD. Text that needs none
    /// of this is returned as it is, without copying.
    package static func escape(_ text: String) -> String {
        // UTF-8 bytes below 0x20 are control characters and 0xEF leads U+FFFE and U+FFFF, so only
        // text with one of these bytes or a markup character needs a closer look.
        guard markupBytes.occurs(in: text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where isForbidden(scalar): out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// ``escape(_:)`` for an attribute value whose line breaks and tabs must survive: an XML
    /// parser turns a raw line feed in an attribute into a space, so they become character references.
    package static func escapeAttribute(_ text: String) -> String {
        let escaped = escape(text)
        guard breakBytes.occurs(in: escaped) else { return escaped }
        var out = ""
        out.reserveCapacity(escaped.utf8.count + 16)
        for scalar in escaped.unicodeScalars {
            switch scalar {
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Makes JavaScript or JSON source safe inside a `<script>` element: `<`, `>` and `&` (which
    /// could end the element or open a comment) and U+2028/U+2029 become `\u` escapes. In JSON
    /// these characters can only stand inside strings, where the escapes mean the same.
    package static func scriptSafe(_ source: String) -> String {
        guard scriptBytes.occurs(in: source) else { return source }
        var safe = ""
        safe.reserveCapacity(source.utf8.count + 16)
        for scalar in source.unicodeScalars {
            switch scalar {
            case "<": safe += "\\u003c"
            case ">": safe += "\\u003e"
            case "&": safe += "\\u0026"
            case "\u{2028}": safe += "\\u2028"
            case "\u{2029}": safe += "\\u2029"
            default: safe.unicodeScalars.append(scalar)
            }
        }
        return safe
    }

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    package static func jsonString(_ text: String) -> String {
        // Most text needs no escape: quoted as it is.
        if !jsonBytes.occurs(in: text) { return "\"" + text + "\"" }
        // Every byte that needs an escape is ASCII, so the text's UTF-8 is copied in runs
        // between them.
        var literal: [UInt8] = [UInt8(ascii: "\"")]
        var text = text
        text.withUTF8 { bytes in
            literal.reserveCapacity(bytes.count + 16)
            var runStart = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                literal.append(contentsOf: bytes[runStart..<index])
                runStart = index + 1
                switch byte {
                case 0x22: literal += [0x5C, 0x22]
                case 0x5C: literal += [0x5C, 0x5C]
                case 0x0A: literal += [0x5C, UInt8(ascii: "n")]
                case 0x0D: literal += [0x5C, UInt8(ascii: "r")]
                case 0x09: literal += [0x5C, UInt8(ascii: "t")]
                default:
                    literal += [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
                }
            }
            literal.append(contentsOf: bytes[runStart...])
        }
        literal.append(UInt8(ascii: "\""))
        return String(decoding: literal, as: UTF8.self)
    }

    /// Appends ``jsonString(_:)`` of `text` to `buffer`, with no string made for text that needs no escape.
    package static func appendJSONString(_ text: String, to buffer: inout TextBuffer) {
        guard jsonBytes.occurs(in: text) else {
            buffer += "\""
            buffer += text
            buffer += "\""
            return
        }
        buffer += jsonString(text)
    }

    /// `text` as a double-quoted string literal, valid as JSON and as JavaScript, and safe
    /// inside a `<script>` element (see ``scriptSafe(_:)``).
    package static func scriptString(_ text: String) -> String {
        scriptSafe(jsonString(text))
    }

    // The bytes that send text to a closer look. UTF-8 bytes below 0x20 are control characters,
    // 0xEF leads U+FFFE and U+FFFF, 0xE2 leads U+2028 and U+2029.
    private static let markupBytes = ByteSet { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 == 0xEF }
    private static let breakBytes = ByteSet { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    private static let scriptBytes = ByteSet { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0xE2 }
    private static let hexDigits = Array("0123456789abcdef".utf8)
    private static let jsonBytes = ByteSet { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }
}
