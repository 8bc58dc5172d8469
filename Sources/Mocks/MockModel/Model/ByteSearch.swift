/// Substring search over UTF-8 bytes. Foundation's `contains(_:)` is many times slower on
/// Linux, and the generator searches every source file and every type it renders.
package enum ByteSearch {
    /// Whether `needle` occurs in `text`.
    package static func contains(_ text: String, _ needle: String) -> Bool {
        var text = text, needle = needle
        return text.withUTF8 { haystack in
            needle.withUTF8 { pattern in
                guard let first = pattern.first else { return true }
                guard haystack.count >= pattern.count else { return false }
                var index = 0
                while index <= haystack.count - pattern.count {
                    if haystack[index] == first,
                       UnsafeBufferPointer(rebasing: haystack[index..<(index + pattern.count)]).elementsEqual(pattern) {
                        return true
                    }
                    index += 1
                }
                return false
            }
        }
    }
}
