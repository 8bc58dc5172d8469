import PyramidImage

/// Small deterministic drawings for comparison tests.
enum Drawing {
    /// A dark disk on white with anti-aliased edges (4×4 supersampling per pixel).
    static func disk(width: Int, height: Int, centerX: Double, centerY: Double, radius: Double) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height, fill: .white)
        for y in 0..<height {
            for x in 0..<width {
                var inside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let px = Double(x) + (Double(sx) + 0.5) / 4 - centerX
                        let py = Double(y) + (Double(sy) + 0.5) / 4 - centerY
                        if px * px + py * py <= radius * radius { inside += 1 }
                    }
                }
                let value = UInt8(255 - (inside * 225) / 16)
                bitmap[x, y] = RGBA(value, value, value)
            }
        }
        return bitmap
    }

    /// Deterministic noise.
    static func noise(width: Int, height: Int, seed: UInt64) -> Bitmap {
        var state = seed
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in bytes.indices {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            bytes[i] = UInt8(truncatingIfNeeded: state >> 33)
        }
        return try! Bitmap(width: width, height: height, pixels: bytes)
    }
}
