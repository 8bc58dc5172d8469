import Foundation

/// A small XML reader for the files test tools write (xUnit, JUnit): elements, attributes, text,
/// CDATA, comments, processing instructions and the five predefined entities and character
/// references, in UTF-8. A DOCTYPE is refused, so no entity can expand.
///
/// FoundationXML's `XMLDocument` and `XMLParser` crash on some malformed files (an empty file, an
/// unknown encoding, any processing instruction but the declaration: found by the fuzzer); this
/// reader throws an ``XMLTree/Failure`` naming the line instead, on any input.
struct XMLTree {
    /// One element: its name, attributes, child elements in order and text (CDATA included).
    struct Element {
        var name: String
        var attributes: [String: String] = [:]
        var children: [Element] = []
        var text = ""
    }

    /// Why the bytes are not XML this reader reads, and the line where that shows.
    struct Failure: Error, Equatable, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "line \(line): \(reason)" }
    }

    /// The deepest nesting read.
    static let depthLimit = 256

    /// The document's root element.
    let root: Element

    init(_ data: Data) throws(Failure) {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var reader = Reader(bytes: bytes)
        root = try reader.document()
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        func fail(_ reason: String) -> Failure { Failure(line: line, reason: reason) }

        mutating func document() throws(Failure) -> Element {
            guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
                throw fail(bytes.isEmpty ? "the file is empty" : "the file holds only blanks")
            }
            guard String(validating: bytes, as: UTF8.self) != nil else { throw fail("not UTF-8") }
            var open: [Element] = []
            var root: Element?
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "<") {
                    if startsWith("<?") {
                        try instruction(first: root == nil && open.isEmpty && index == 0)
                    } else if startsWith("<!--") {
                        try skip(past: "-->", what: "comment")
                    } else if startsWith("<![CDATA[") {
                        guard !open.isEmpty else { throw fail("CDATA outside the root element") }
                        index += 9
                        let start = index
                        try skip(past: "]]>", what: "CDATA section")
                        open[open.count - 1].text += String(decoding: bytes[start..<(index - 3)], as: UTF8.self)
                    } else if startsWith("<!") {
                        throw fail("a DOCTYPE or declaration (not used by these files) is not read")
                    } else if startsWith("</") {
                        index += 2
                        let name = try self.name()
                        skipBlanks()
                        try expect(">")
                        guard let element = open.popLast() else { throw fail("</\(name)> closes nothing") }
                        guard element.name == name else { throw fail("</\(name)> closes <\(element.name)>") }
                        if open.isEmpty { root = element } else { open[open.count - 1].children.append(element) }
                    } else {
                        guard root == nil else { throw fail("a second root element") }
                        index += 1
                        var element = Element(name: try name())
                        var closed = false
                        while true {
                            skipBlanks()
                            guard index < bytes.count else { throw fail("the file ends inside <\(element.name)>") }
                            if startsWith("/>") { index += 2; closed = true; break }
                            if bytes[index] == UInt8(ascii: ">") { index += 1; break }
                            let attribute = try name()
                            skipBlanks()
                            try expect("=")
                            skipBlanks()
                            let value = try quoted()
                            guard element.attributes.updateValue(value, forKey: attribute) == nil else {
                                throw fail("attribute \(attribute) twice in <\(element.name)>")
                            }
                        }
                        if closed {
                            if open.isEmpty { root = element } else { open[open.count - 1].children.append(element) }
                        } else {
                            guard open.count < XMLTree.depthLimit else { throw fail("elements nested deeper than \(XMLTree.depthLimit)") }
                            open.append(element)
                        }
                    }
                } else {
                    let start = index
                    while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
                        if bytes[index] == 0x0A { line += 1 }
                        index += 1
                    }
                    let text = try decode(bytes[start..<index])
                    if open.isEmpty {
                        guard text.allSatisfy(\.isWhitespace) else { throw fail("text outside the root element") }
                    } else {
                        open[open.count - 1].text += text
                    }
                }
            }
            if let element = open.last { throw fail("the file ends inside <\(element.name)>: it was cut short") }
            guard let root else { throw fail("no root element") }
            return root
        }

        func startsWith(_ text: String) -> Bool {
            let utf8 = Array(text.utf8)
            return index + utf8.count <= bytes.count && bytes[index..<(index + utf8.count)].elementsEqual(utf8)
        }

        mutating func expect(_ text: String) throws(Failure) {
            guard startsWith(text) else { throw fail("expected '\(text)'") }
            index += text.utf8.count
        }

        mutating func skipBlanks() {
            while index < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[index]) {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
        }

        /// Moves past the next `end`, counting lines.
        mutating func skip(past end: String, what: String) throws(Failure) {
            let first = line
            while index < bytes.count, !startsWith(end) {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
            guard index < bytes.count else { throw Failure(line: first, reason: "a \(what) that never ends") }
            index += end.utf8.count
        }

        /// `<?xml version="1.0" encoding="UTF-8"?>` (first, UTF-8 only) or another instruction, skipped.
        mutating func instruction(first: Bool) throws(Failure) {
            let start = index
            try skip(past: "?>", what: "processing instruction")
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard text.hasPrefix("<?xml ") || text.hasPrefix("<?xml?") else { return }
            guard first else { throw fail("the XML declaration is not at the start") }
            if let range = text.range(of: #"encoding\s*=\s*["']([^"']*)["']"#, options: .regularExpression) {
                let encoding = text[range].split(whereSeparator: { $0 == "\"" || $0 == "'" }).dropFirst().first.map(String.init) ?? ""
                guard encoding.lowercased() == "utf-8" else { throw fail("encoding \(encoding) is not read: these files are UTF-8") }
            }
        }

        mutating func name() throws(Failure) -> String {
            let start = index
            while index < bytes.count, !" \t\r\n/>=<\"'".utf8.contains(bytes[index]) { index += 1 }
            guard index > start else { throw fail("expected a name") }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func quoted() throws(Failure) -> String {
            guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else { throw fail("expected a quoted value") }
            let quote = bytes[index]
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "<") { throw fail("'<' in an attribute value") }
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
            guard index < bytes.count else { throw fail("an attribute value that never ends") }
            index += 1
            return try decode(bytes[start..<(index - 1)])
        }

        /// Text with its entity and character references replaced.
        func decode(_ slice: ArraySlice<UInt8>) throws(Failure) -> String {
            guard slice.contains(UInt8(ascii: "&")) else { return String(decoding: slice, as: UTF8.self) }
            var out = String.UnicodeScalarView()
            let text = String(decoding: slice, as: UTF8.self).unicodeScalars
            var position = text.startIndex
            while position < text.endIndex {
                guard text[position] == "&" else { out.append(text[position]); position = text.index(after: position); continue }
                guard let semicolon = text[position...].firstIndex(of: ";") else { throw fail("'&' without ';'") }
                let reference = String(String.UnicodeScalarView(text[text.index(after: position)..<semicolon]))
                switch reference {
                case "lt": out.append("<")
                case "gt": out.append(">")
                case "amp": out.append("&")
                case "quot": out.append("\"")
                case "apos": out.append("'")
                default:
                    let number: UInt32? = reference.hasPrefix("#x") ? UInt32(reference.dropFirst(2), radix: 16)
                        : reference.hasPrefix("#") ? UInt32(reference.dropFirst(), radix: 10) : nil
                    guard let number, number != 0, let scalar = Unicode.Scalar(number) else { throw fail("unknown reference &\(reference);") }
                    out.append(scalar)
                }
                position = text.index(after: semicolon)
            }
            return String(out)
        }
    }
}
