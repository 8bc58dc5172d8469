/// Unfiltering for 4-byte pixels (RGBA8, the snapshot reference format): the four
/// channels of a pixel are undone together in SIMD lanes.
extension ScanlineFilter {
    /// Undoes this filter on one row of 4-byte pixels in place. `previous` is nil on the first row.
    @inline(__always)
    func unfilterFourBytePixels(_ row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>?, rowBytes: Int) {
        switch self {
        case .none, .up:
            return  // handled byte-wise by the caller
        case .sub:
            var left = SIMD4<UInt8>()
            var i = 0
            while i < rowBytes {
                left = Self.load(row + i) &+ left
                Self.store(left, row + i)
                i += 4
            }
        case .average:
            var left = SIMD4<Int16>()
            var i = 0
            while i < rowBytes {
                let up = previous.map { SIMD4<Int16>(truncatingIfNeeded: Self.load($0 + i)) } ?? SIMD4<Int16>()
                let value = (SIMD4<Int16>(truncatingIfNeeded: Self.load(row + i)) &+ ((left &+ up) &>> 1)) & 0xFF
                Self.store(SIMD4<UInt8>(truncatingIfNeeded: value), row + i)
                left = value
                i += 4
            }
        case .paeth:
            guard let previous else {
                ScanlineFilter.sub.unfilterFourBytePixels(row, previous: nil, rowBytes: rowBytes)
                return
            }
            var a = SIMD4<Int16>(), c = SIMD4<Int16>()
            var i = 0
            while i < rowBytes {
                let b = SIMD4<Int16>(truncatingIfNeeded: Self.load(previous + i))
                let pa = Self.magnitude(b &- c)
                let pb = Self.magnitude(a &- c)
                let pc = Self.magnitude(a &+ b &- c &- c)
                var predictor = c
                predictor.replace(with: b, where: pb .<= pc)
                predictor.replace(with: a, where: (pa .<= pb) .& (pa .<= pc))
                let value = (SIMD4<Int16>(truncatingIfNeeded: Self.load(row + i)) &+ predictor) & 0xFF
                Self.store(SIMD4<UInt8>(truncatingIfNeeded: value), row + i)
                a = value
                c = b
                i += 4
            }
        }
    }

    @inline(__always)
    private static func load(_ pointer: UnsafePointer<UInt8>) -> SIMD4<UInt8> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD4<UInt8>.self)
    }

    @inline(__always)
    private static func load(_ pointer: UnsafeMutablePointer<UInt8>) -> SIMD4<UInt8> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD4<UInt8>.self)
    }

    @inline(__always)
    private static func store(_ value: SIMD4<UInt8>, _ pointer: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: SIMD4<UInt8>.self)
    }

    @inline(__always)
    private static func magnitude(_ value: SIMD4<Int16>) -> SIMD4<Int16> {
        value.replacing(with: 0 &- value, where: value .< 0)
    }
}
