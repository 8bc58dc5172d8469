/// A test's identity across runs, for what remembers tests from one run to the next (a test
/// history, its flip rates and quarantine proposals).
///
/// Swift Testing's id of a test function ends with where it is declared
/// (`Shop.CartTests/total()/CartTests.swift:12:6`), so a comment added above it gives it another
/// id. Its identity leaves the place out: `Shop.CartTests/total()`, the name `swift test list`
/// shows. It survives the test moving within its file or to another file, edits elsewhere, and
/// its siblings being renamed or reordered; a parameterised test keeps its parameter labels
/// (`total(items:)` is not `total()`); a renamed test is a new test.
///
/// Two functions of one run can share a name where Swift allows it: free functions of one module
/// in two files, or overloads that differ only in their parameters' types. Those keep what tells
/// them apart: their file (`Shop/total()/A.swift`), or, in one file, their whole id.
/// XCTest's ids (`Module.Class/method`) hold no place and are their own identity.
package enum TestIdentity {
    /// The identity of each of `ids`, the tests of one run, in their order: each its name,
    /// unless another of `ids` has the same name. Applied to its own result, it gives it back.
    package static func of(_ ids: [String]) -> [String] {
        var counts: [Substring: Int] = [:]
        counts.reserveCapacity(ids.count)
        let names = ids.map(name(of:))
        for name in names { counts[name, default: 0] += 1 }
        var fileCounts: [Substring: Int]?
        return ids.indices.map { index in
            let name = names[index]
            guard counts[name] ?? 0 > 1 else { return String(name) }
            // Two tests with one name: the file tells them apart, else their whole ids.
            if fileCounts == nil {
                var sharedCounts: [Substring: Int] = [:]
                for other in ids.indices where counts[names[other]] ?? 0 > 1 { sharedCounts[withoutLine(ids[other]), default: 0] += 1 }
                fileCounts = sharedCounts
            }
            let withFile = withoutLine(ids[index])
            return fileCounts?[withFile] == 1 ? String(withFile) : ids[index]
        }
    }

    /// Whether `id` ends with the place a test is declared in (`…/File.swift:12:6`): an id that
    /// ``of(_:)`` would shorten.
    package static func hasPlace(_ id: String) -> Bool {
        var id = id
        return id.withUTF8 { nameLength(ofUTF8: UnsafeRawBufferPointer($0)) } != nil
    }

    /// How many of `bytes`' bytes, an id in UTF-8, are its name (`Module.Suite/test()`, the
    /// bytes before the last `/`) when it ends with a place (`/File.swift:12:6`); nil when it
    /// does not. A reader of ids in a file's bytes shortens them with it, making no string.
    package static func nameLength(ofUTF8 bytes: UnsafeRawBufferPointer) -> Int? {
        // Two numbers, each after a colon, after a file's name.
        var end = bytes.count
        for _ in 0..<2 {
            var digits = 0
            while end - digits > 0, (0x30...0x39).contains(bytes[end - digits - 1]) { digits += 1 }
            guard digits > 0, end - digits > 0, bytes[end - digits - 1] == UInt8(ascii: ":") else { return nil }
            end -= digits + 1
        }
        guard end > 0, bytes[end - 1] != UInt8(ascii: "/") else { return nil }
        var slash = end - 1
        while slash >= 0, bytes[slash] != UInt8(ascii: "/") { slash -= 1 }
        return slash >= 0 ? slash : nil
    }

    /// `Module.Suite/test()` for `Module.Suite/test()/File.swift:12:6`; an id without a place as it is.
    static func name(of id: String) -> Substring {
        guard hasPlace(id), let slash = id.lastIndex(of: "/") else { return id[...] }
        return id[..<slash]
    }

    /// `Module.Suite/test()/File.swift` for `Module.Suite/test()/File.swift:12:6`.
    static func withoutLine(_ id: String) -> Substring {
        guard hasPlace(id) else { return id[...] }
        var end = id.endIndex
        for _ in 0..<2 { end = id[..<end].lastIndex(of: ":") ?? end }
        return id[..<end]
    }
}
