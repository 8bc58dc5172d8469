#if canImport(Glibc)
import Glibc
#endif
import PyramidIO

/// Pixel arrays of bitmaps that are done with, kept for the next image of the same size.
///
/// A snapshot run decodes a reference and receives a rendered image for every cell, 4 to
/// 16 MB each. Fresh memory costs a page fault every 4 KiB the first time it is written, and
/// when the devices' sizes alternate cell after cell the allocator hands back fresh memory
/// every time. The decoder takes its arrays here, and a finished cell gives its bitmaps back.
///
/// Copy-on-write keeps this safe: an array given back while a bitmap somewhere still holds it
/// is copied, not overwritten, when it is next written. A few arrays are kept (enough for two
/// images of each of three devices), the least recently given back dropped first.
///
/// A renderer or a tool that makes many bitmaps gives back the ones it is done with:
///
///     let result = comparator.compare(reference, actual)
///     PixelBuffers.recycle(reference)
@_spi(PyramidTools) public enum PixelBuffers {
    /// At most this many arrays, and this many bytes, are kept.
    package static let maximumCount = 6
    package static let maximumBytes = 128 << 20

    private static let kept = Locked<[[UInt8]]>([])
    /// A pool of the current task's own (``withIsolatedPool(_:)``), instead of the process's.
    @TaskLocal private static var isolated: Locked<[[UInt8]]>?
    /// The arrays kept: the task's own pool when it has one, else the process's.
    private static var pool: Locked<[[UInt8]]> { isolated ?? kept }

    /// Runs `body` with a pool of its own, empty at first: a test of the pool sees no array
    /// another test running at the same time gave back.
    package static func withIsolatedPool<R>(_ body: () throws -> R) rethrows -> R {
        try $isolated.withValue(Locked([]), operation: body)
    }

    /// An array of exactly `count` bytes, with room for `minimumCapacity`, whose contents are
    /// left over from an earlier image; nil when none is kept.
    package static func take(count: Int, minimumCapacity: Int = 0) -> [UInt8]? {
        pool.withValue { arrays in
            guard let index = arrays.lastIndex(where: { $0.count == count && $0.capacity >= minimumCapacity }) else { return nil }
            return arrays.remove(at: index)
        }
    }

    /// A new array of `count` bytes whose values are unspecified (the caller writes every one
    /// before reading it), with room for `capacity`.
    ///
    /// On Linux a large array asks the kernel for transparent huge pages: fresh memory is
    /// mapped on first write, and 2 MiB at a time is one fault where 4 KiB at a time is 512.
    /// A one-shot process such as `pyramid diff` spends more time in those faults than in
    /// inflating.
    package static func make(count: Int, capacity: Int? = nil) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: max(count, capacity ?? count)) { buffer, initialized in
            adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
            initialized = count
        }
    }

    /// Marks the 2 MiB-aligned part of `memory` for transparent huge pages (a hint; nothing on
    /// systems without them).
    private static func adviseHugePages(_ memory: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        let hugePage = 2 << 20
        guard memory.count >= 2 * hugePage, let base = memory.baseAddress else { return }
        let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
        let end = (Int(bitPattern: base) + memory.count) & ~(hugePage - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, 14 /* MADV_HUGEPAGE */)
        #endif
    }

    /// Keeps `bitmap`'s pixels for a later image of the same size. Safe while other copies
    /// of the bitmap live on: they keep their pixels.
    @_spi(PyramidTools) public static func recycle(_ bitmap: Bitmap) {
        recycle(bitmap.pixels)
    }

    /// Keeps `pixels` for a later image of the same byte count.
    package static func recycle(_ pixels: [UInt8]) {
        guard pixels.count >= 64 << 10, pixels.capacity <= maximumBytes else { return }
        pool.withValue { arrays in
            arrays.append(pixels)
            var bytes = arrays.reduce(0) { $0 + $1.capacity }
            while arrays.count > maximumCount || bytes > maximumBytes {
                bytes -= arrays.removeFirst().capacity
            }
        }
    }

    /// Drops every kept array.
    package static func removeAll() {
        pool.withValue { $0.removeAll() }
    }
}
