/// A set of byte values, looked up in a table of 256 flags. The escapers ask it of every
/// string they are given: most text passes through unchanged, so finding that none of its
/// bytes is in the set is their common work.
package struct ByteSet: Sendable {
    private let flags: [Bool]

    /// The bytes for which `member` is true.
    package init(_ member: (UInt8) -> Bool) {
        flags = (0...255).map { member(UInt8($0)) }
    }

    /// Whether any of `text`'s UTF-8 bytes is in the set: one lookup a byte, over the string's own storage.
    package func occurs(in text: String) -> Bool {
        flags.withUnsafeBufferPointer { flags in
            text.utf8.withContiguousStorageIfAvailable { bytes in bytes.contains { flags[Int($0)] } }
                ?? text.utf8.contains { flags[Int($0)] }
        }
    }
}
