@_spi(PyramidTools) import PyramidImage

/// A tiny rasteriser with anti-aliased edges (coverage from signed distance),
/// enough to draw screens that look like UI to an image comparator.
struct Canvas {
    var bitmap: Bitmap

    init(width: Int, height: Int, background: RGBA) {
        bitmap = Bitmap(width: width, height: height, fill: background)
    }

    mutating func fillRect(x: Int, y: Int, width: Int, height: Int, color: RGBA) {
        bitmap.fill(PixelRect(x: x, y: y, width: width, height: height), with: color)
    }

    /// A rounded rectangle; edges and corners are anti-aliased.
    mutating func fillRoundedRect(x: Double, y: Double, width: Double, height: Double, radius: Double, color: RGBA) {
        let r = min(radius, width / 2, height / 2)
        let cx = x + width / 2, cy = y + height / 2
        let hx = width / 2 - r, hy = height / 2 - r
        shade(minX: x, minY: y, maxX: x + width, maxY: y + height, color: color) { px, py in
            let qx = abs(px - cx) - hx, qy = abs(py - cy) - hy
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            return outside + min(max(qx, qy), 0) - r
        }
    }

    mutating func fillCircle(centerX: Double, centerY: Double, radius: Double, color: RGBA) {
        shade(minX: centerX - radius, minY: centerY - radius, maxX: centerX + radius, maxY: centerY + radius, color: color) { px, py in
            ((px - centerX) * (px - centerX) + (py - centerY) * (py - centerY)).squareRoot() - radius
        }
    }

    /// A vertical gradient between two colours.
    mutating func fillGradient(x: Int, y: Int, width: Int, height: Int, top: RGBA, bottom: RGBA) {
        for row in 0..<height {
            let t = Double(row) / Double(max(1, height - 1))
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - t) + Double(b) * t).rounded()) }
            fillRect(x: x, y: y + row, width: width, height: 1, color: RGBA(mix(top.r, bottom.r), mix(top.g, bottom.g), mix(top.b, bottom.b)))
        }
    }

    /// Blends `color` over every pixel by the coverage the signed distance gives.
    private mutating func shade(minX: Double, minY: Double, maxX: Double, maxY: Double, color: RGBA, distance: (Double, Double) -> Double) {
        let x0 = max(0, Int(minX) - 1), y0 = max(0, Int(minY) - 1)
        let x1 = min(bitmap.width - 1, Int(maxX) + 1), y1 = min(bitmap.height - 1, Int(maxY) + 1)
        guard x0 <= x1, y0 <= y1 else { return }
        for py in y0...y1 {
            for px in x0...x1 {
                let coverage = min(1, max(0, 0.5 - distance(Double(px) + 0.5, Double(py) + 0.5)))
                guard coverage > 0 else { continue }
                let under = bitmap[px, py]
                func blend(_ top: UInt8, _ base: UInt8) -> UInt8 { UInt8((Double(top) * coverage + Double(base) * (1 - coverage)).rounded()) }
                bitmap[px, py] = RGBA(blend(color.r, under.r), blend(color.g, under.g), blend(color.b, under.b), 255)
            }
        }
    }
}
