/// The 64-bit FNV-1a hash: fast, stable across runs and machines, and not for security.
/// The package names files and cache entries by it, so its output must never change.
///
/// Hash bytes in one call with `hash(_:)`, or feed them in pieces with `combine(_:)`: the
/// result is the same.
package struct FNV1a: Sendable {
    package static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    package static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of everything combined so far.
    package private(set) var value: UInt64 = offsetBasis

    package init() {}

    /// Adds `bytes`, read in place.
    package mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= Self.prime
        }
        value = hash
    }

    /// Adds `bytes`, read in place when they are contiguous (an array, `Data`, a string's
    /// UTF-8 view): stepping through a collection byte by byte is many times slower.
    package mutating func combine(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { combine(UnsafeRawBufferPointer($0)) }
        guard done == nil else { return }
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= Self.prime
        }
        value = hash
    }

    /// The hash of `bytes`.
    package static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hasher = FNV1a()
        hasher.combine(bytes)
        return hasher.value
    }

    /// The hash of `bytes`.
    package static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hasher = FNV1a()
        hasher.combine(bytes)
        return hasher.value
    }
}
