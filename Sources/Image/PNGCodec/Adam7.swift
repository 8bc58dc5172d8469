/// The seven passes of Adam7 interlacing.
struct Adam7 {
    struct Pass {
        let xStart: Int, yStart: Int, xStep: Int, yStep: Int

        /// The pass's sub-image size for a full image of `width × height`.
        func size(width: Int, height: Int) -> (width: Int, height: Int) {
            let w = width > xStart ? (width - xStart + xStep - 1) / xStep : 0
            let h = height > yStart ? (height - yStart + yStep - 1) / yStep : 0
            return (w, h)
        }
    }

    static let passes: [Pass] = [
        Pass(xStart: 0, yStart: 0, xStep: 8, yStep: 8),
        Pass(xStart: 4, yStart: 0, xStep: 8, yStep: 8),
        Pass(xStart: 0, yStart: 4, xStep: 4, yStep: 8),
        Pass(xStart: 2, yStart: 0, xStep: 4, yStep: 4),
        Pass(xStart: 0, yStart: 2, xStep: 2, yStep: 4),
        Pass(xStart: 1, yStart: 0, xStep: 2, yStep: 2),
        Pass(xStart: 0, yStart: 1, xStep: 1, yStep: 2),
    ]
}
