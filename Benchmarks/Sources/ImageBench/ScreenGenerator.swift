import PyramidImage

/// Draws an iPhone 16 @3x (1179 × 2556) screen that looks like a list UI: status
/// bar, navigation title, a gradient card, rows with avatars and "text", a button
/// and a tab bar. `variant` 1 changes one row's subtitle and a badge: the small
/// change a snapshot test catches.
enum ScreenGenerator {
    static let width = 1179
    static let height = 2556

    static func screen(variant: Int) -> Bitmap {
        var random = SplitMix(seed: 2026)
        var canvas = Canvas(width: width, height: height, background: RGBA(242, 242, 247))
        let ink = RGBA(28, 28, 30), secondary = RGBA(142, 142, 147), tint = RGBA(0, 122, 255)

        // Status bar: time and battery.
        text(&canvas, x: 96, y: 54, height: 42, words: [3, 2], color: ink, random: &random)
        canvas.fillRoundedRect(x: 1000, y: 58, width: 80, height: 38, radius: 10, color: ink)
        // Navigation title.
        text(&canvas, x: 48, y: 250, height: 96, words: [7, 4], color: ink, random: &random)
        // Gradient card.
        canvas.fillGradient(x: 48, y: 400, width: 1083, height: 360, top: RGBA(88, 86, 214), bottom: RGBA(0, 122, 255))
        text(&canvas, x: 96, y: 460, height: 64, words: [5, 6, 3], color: .white, random: &random)
        text(&canvas, x: 96, y: 560, height: 40, words: [4, 7, 5, 6], color: RGBA(230, 230, 255), random: &random)

        // List rows.
        canvas.fillRoundedRect(x: 48, y: 820, width: 1083, height: 1290, radius: 30, color: .white)
        for row in 0..<9 {
            let top = 850 + row * 140
            let hue = RGBA(UInt8(60 + row * 20), UInt8(140 - row * 8), UInt8(200 - row * 12))
            canvas.fillCircle(centerX: 150, centerY: Double(top + 56), radius: 50, color: hue)
            text(&canvas, x: 240, y: top + 8, height: 46, words: [6, 8], color: ink, random: &random)
            var subtitle = SplitMix(seed: UInt64(row) &* 31 &+ (row == 4 ? UInt64(variant) : 0))
            text(&canvas, x: 240, y: top + 66, height: 38, words: [5, 9, 4], color: secondary, random: &subtitle)
            canvas.fillRoundedRect(x: 1060, y: Double(top + 40), width: 14, height: 32, radius: 4, color: RGBA(199, 199, 204))
            if row < 8 { canvas.fillRect(x: 240, y: top + 136, width: 891, height: 2, color: RGBA(229, 229, 234)) }
        }
        // Badge: its colour changes in the variant.
        canvas.fillCircle(centerX: 980, centerY: 906, radius: 26, color: variant == 0 ? RGBA(255, 59, 48) : RGBA(255, 149, 0))

        // Button.
        canvas.fillRoundedRect(x: 48, y: 2160, width: 1083, height: 150, radius: 36, color: tint)
        text(&canvas, x: 440, y: 2208, height: 54, words: [4, 5], color: .white, random: &random)

        // Tab bar.
        canvas.fillRect(x: 0, y: 2352, width: width, height: 204, color: RGBA(249, 249, 249))
        canvas.fillRect(x: 0, y: 2352, width: width, height: 2, color: RGBA(220, 220, 220))
        for tab in 0..<4 {
            let cx = 147.0 + Double(tab) * 295
            canvas.fillCircle(centerX: cx, centerY: 2420, radius: 34, color: tab == 0 ? tint : secondary)
            text(&canvas, x: Int(cx) - 60, y: 2470, height: 30, words: [5], color: tab == 0 ? tint : secondary, random: &random)
        }
        return canvas.bitmap
    }

    /// Words of glyph-like rounded strokes: what text looks like to a comparator.
    private static func text(_ canvas: inout Canvas, x: Int, y: Int, height: Int, words: [Int], color: RGBA, random: inout SplitMix) {
        var cursor = Double(x)
        let glyphWidth = Double(height) * 0.55
        for letters in words {
            for _ in 0..<letters {
                let w = glyphWidth * (0.5 + random.unit() * 0.6)
                let h = Double(height) * (0.55 + random.unit() * 0.45)
                let top = Double(y) + Double(height) - h
                canvas.fillRoundedRect(x: cursor, y: top, width: w, height: h, radius: w * 0.3, color: color)
                if random.unit() < 0.4 {
                    canvas.fillCircle(centerX: cursor + w / 2, centerY: top + h * 0.5, radius: w * 0.22, color: .white)
                }
                cursor += w + glyphWidth * 0.12
            }
            cursor += glyphWidth * 0.6
        }
    }
}

/// A small deterministic random generator.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
