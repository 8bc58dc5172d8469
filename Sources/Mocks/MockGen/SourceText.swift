import SwiftSyntax

/// A node's text as written, sliced from the file's bytes. Much cheaper than
/// `trimmedDescription`, which rebuilds the node without its trivia first.
struct SourceText: Sendable {
    let bytes: [UInt8]

    init(_ source: String) {
        bytes = Array(source.utf8)
    }

    /// The node's text without leading and trailing trivia.
    func text(_ node: some SyntaxProtocol) -> String {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        guard start >= 0, end <= bytes.count, start <= end else { return node.trimmedDescription }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

extension String {
    /// `A || B` → `(A || B)`: a condition joined to others by `&&` keeps its meaning.
    var parenthesizedIfCompound: String {
        contains("||") || contains("&&") ? "(\(self))" : self
    }
}
