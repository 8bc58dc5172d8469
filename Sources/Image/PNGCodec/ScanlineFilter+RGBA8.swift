/// Unfiltering for 4-byte pixels (RGBA8, the snapshot reference format): the four
/// channels of a pixel are undone together in SIMD lanes, and Up, the filter of nearly
/// every row of a screen, 32 bytes at a time.
extension ScanlineFilter {
    /// Undoes this filter on one row of 4-byte pixels, reading `source` and writing `destination`.
    ///
    /// `destination` may be `source` itself, or start before it in the same buffer: the decoder
    /// undoes a row and moves it to its place in the bitmap (dropping the filter bytes) in one
    /// pass. Every step loads its input before it stores, and stores only below what it has
    /// yet to load, so the overlap is safe. `previous` is the row above, already undone, or nil
    /// on the first row; it must not overlap `destination`.
    @inline(__always)
    func unfilterFourBytePixels(
        from source: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>?, into destination: UnsafeMutablePointer<UInt8>,
        rowBytes: Int
    ) {
        switch self {
        case .none:
            if UnsafePointer(destination) != source { destination.update(from: source, count: rowBytes) }
        case .up:
            guard let previous else {
                ScanlineFilter.none.unfilterFourBytePixels(from: source, previous: nil, into: destination, rowBytes: rowBytes)
                return
            }
            Self.addRowAbove(source, previous, into: destination, rowBytes: rowBytes)
        case .sub:
            var left = SIMD4<UInt8>()
            var i = 0
            while i < rowBytes {
                left = Self.load(source + i) &+ left
                Self.store(left, destination + i)
                i += 4
            }
        case .average:
            var left = SIMD4<Int16>()
            var i = 0
            while i < rowBytes {
                let up = previous.map { SIMD4<Int16>(truncatingIfNeeded: Self.load($0 + i)) } ?? SIMD4<Int16>()
                let value = (SIMD4<Int16>(truncatingIfNeeded: Self.load(source + i)) &+ ((left &+ up) &>> 1)) & 0xFF
                Self.store(SIMD4<UInt8>(truncatingIfNeeded: value), destination + i)
                left = value
                i += 4
            }
        case .paeth:
            guard let previous else {
                // With an all-zero row above, Paeth predicts the left pixel: Sub.
                ScanlineFilter.sub.unfilterFourBytePixels(from: source, previous: nil, into: destination, rowBytes: rowBytes)
                return
            }
            // Paeth's distances, with p = a + b - c: |p - a| = |b - c|, which the row above alone
            // gives; |p - b| = |a - c|; |p - c| = |(a - c) + (b - c)|. Only the last two wait
            // for the pixel on the left, so the chain from one pixel to the next is short.
            var a = SIMD4<Int16>(), c = SIMD4<Int16>()
            var i = 0
            while i < rowBytes {
                let b = SIMD4<Int16>(truncatingIfNeeded: Self.load(previous + i))
                let bc = b &- c
                let pa = Self.magnitude(bc)
                let ac = a &- c
                let pb = Self.magnitude(ac)
                let pc = Self.magnitude(ac &+ bc)
                var predictor = c
                predictor.replace(with: b, where: pb .<= pc)
                predictor.replace(with: a, where: (pa .<= pb) .& (pa .<= pc))
                let value = (SIMD4<Int16>(truncatingIfNeeded: Self.load(source + i)) &+ predictor) & 0xFF
                Self.store(SIMD4<UInt8>(truncatingIfNeeded: value), destination + i)
                a = value
                c = b
                i += 4
            }
        }
    }

    /// Undoes Up, whatever the pixel's size: each byte plus the byte above it, 32 at a time.
    /// `destination` may be `source` or start before it, as in ``unfilterFourBytePixels(from:previous:into:rowBytes:)``.
    @inline(__always)
    static func addRowAbove(
        _ source: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, rowBytes: Int
    ) {
        var i = 0
        while i + 32 <= rowBytes {
            let sum = load32(source + i) &+ load32(previous + i)
            UnsafeMutableRawPointer(destination + i).storeBytes(of: sum, as: SIMD32<UInt8>.self)
            i += 32
        }
        while i < rowBytes {
            destination[i] = source[i] &+ previous[i]
            i += 1
        }
    }

    /// Whether undoing this filter reads the row above (a band whose first row needs it
    /// cannot be undone on its own).
    var readsPreviousRow: Bool { self == .up || self == .average || self == .paeth }

    @inline(__always)
    private static func load(_ pointer: UnsafePointer<UInt8>) -> SIMD4<UInt8> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD4<UInt8>.self)
    }

    @inline(__always)
    private static func load32(_ pointer: UnsafePointer<UInt8>) -> SIMD32<UInt8> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD32<UInt8>.self)
    }

    @inline(__always)
    private static func store(_ value: SIMD4<UInt8>, _ pointer: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: SIMD4<UInt8>.self)
    }

    @inline(__always)
    private static func magnitude(_ value: SIMD4<Int16>) -> SIMD4<Int16> {
        pointwiseMax(value, 0 &- value)
    }
}
