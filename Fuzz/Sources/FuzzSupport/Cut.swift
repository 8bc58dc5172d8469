/// Where to cut an input, chosen from the input itself so a finding replays: the last line
/// break at or before the cut, and the cut.
public struct Cut {
    /// The cut's offset, in `0...input.count`.
    public let offset: Int
    /// The offset just after the last line break before `offset` (0 when there is none).
    public let lineStart: Int
    /// How many line breaks come before `lineStart`: the cut line's number is this plus one.
    public let completeLines: Int

    /// A cut of `input` at an offset hashed from its bytes.
    public init(_ input: UnsafeRawBufferPointer) {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in input { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        offset = input.isEmpty ? 0 : Int(hash % UInt64(input.count + 1))
        var start = 0, lines = 0
        for index in 0..<offset where input[index] == 0x0A {
            start = index + 1
            lines += 1
        }
        lineStart = start
        completeLines = lines
    }
}
