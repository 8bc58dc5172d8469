import Foundation
import PyramidIO

/// Writes ``JSONValue`` as text: sorted keys, integral numbers without a fraction.
enum JSONRendering {
    static func write(_ value: JSONValue, into out: inout String, indent: String?, level: Int) {
        switch value {
        case .null: out += "null"
        case .bool(let bool): out += bool ? "true" : "false"
        case .number(let number): out += render(number)
        case .string(let string): out += quote(string)
        case .array(let elements):
            if elements.isEmpty {
                out += "[]"
                return
            }
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                newline(&out, indent, level + 1)
                write(element, into: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out += "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                newline(&out, indent, level + 1)
                out += quote(key)
                out += indent == nil ? ":" : ": "
                write(members[key] ?? .null, into: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: String?, _ level: Int) {
        guard let indent else { return }
        out += "\n"
        out += String(repeating: indent, count: level)
    }

    static func render(_ number: Double) -> String {
        if number.isNaN || number.isInfinite { return "null" }
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return "\(number)"
    }

    static func quote(_ string: String) -> String {
        Markup.jsonString(string)
    }
}
