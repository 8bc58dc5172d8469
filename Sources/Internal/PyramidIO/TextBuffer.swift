/// Text built up as UTF-8 bytes: what the reports that write megabytes of HTML, Markdown and
/// XML append to. Appending a string to a byte array costs a third of appending it to a
/// string, which keeps counts and flags of its contents up to date on every append.
package struct TextBuffer: Sendable {
    /// The text's UTF-8 bytes.
    package private(set) var bytes: [UInt8] = []

    /// An empty buffer.
    package init() {}

    /// A buffer holding `text`.
    package init(_ text: String) {
        self += text
    }

    /// The bytes written.
    package var count: Int { bytes.count }

    /// The text, as a string.
    package var string: String { String(decoding: bytes, as: UTF8.self) }

    package mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    package mutating func removeAll(keepingCapacity: Bool) {
        bytes.removeAll(keepingCapacity: keepingCapacity)
    }

    package static func += (buffer: inout TextBuffer, text: String) {
        var text = text
        text.withUTF8 { buffer.bytes.append(contentsOf: $0) }
    }

    package static func += (buffer: inout TextBuffer, other: TextBuffer) {
        buffer.bytes.append(contentsOf: other.bytes)
    }
}
