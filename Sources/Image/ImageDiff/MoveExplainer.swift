import PyramidImage

/// Tells whether a region of differing pixels is content that moved, as a whole, by at most a
/// point: a layout rounded another way (a line box a fraction taller above it, a position snapped
/// to the next device pixel) moves text and edges by a pixel or a point, too far for
/// ``ShiftExplainer``'s neighbourhood at 2x and 3x, with nothing drawn differently.
///
/// A pixel moved by (dx, dy) when it has, in the actual image, the reference's colour from
/// (dx, dy) before it, and, in the reference, the actual's colour from (dx, dy) after it (channel
/// by channel, within ``ShiftExplainer/slack`` levels); one whose source lies outside the image is content that
/// came in over the edge, and counts as moved. A region moved when at most two moves (a box and
/// its text can round to different pixels) leave unexplained no more of its differing pixels than
/// ``VisibleChangeRule/isChange(explained:unexplained:)`` lets rendering noise leave: a changed
/// word, colour or size moves no region onto its reference. As with that rule's noise, a change
/// smaller than that share of a region that moved goes with the move.
enum MoveExplainer {
    /// At most this many of a region's differing pixels choose the moves; all of them confirm them.
    static let sampleLimit = 2048
    /// How many moves may share a region's pixels.
    static let movesPerRegion = 2

    /// The main move, of at most `reach` pixels each way (not none), of the differing pixels of
    /// `rect` in `reference` and `actual` (both `width` × `height`, rows of `width` words) when the
    /// region moved under `rule`, or nil when it did not. Masked pixels are not looked at.
    static func move(
        of rect: PixelRect, reference: UnsafePointer<UInt32>, actual: UnsafePointer<UInt32>, width: Int, height: Int,
        reach: Int, masks: [PixelRect], rule: VisibleChangeRule
    ) -> (dx: Int, dy: Int)? {
        var differing: [Int] = []
        for y in rect.y..<rect.maxY {
            let row = y * width
            for x in rect.x..<rect.maxX where reference[row + x] != actual[row + x] {
                if masks.contains(where: { $0.contains(x: x, y: y) }) { continue }
                differing.append(row + x)
            }
        }
        guard !differing.isEmpty, reach > 0 else { return nil }
        let step = max(1, differing.count / sampleLimit)
        var sample = Swift.stride(from: 0, to: differing.count, by: step).map { differing[$0] }
        // The best move, then the best for what it leaves: a box and its text can round to
        // different pixels (a box's edge by a device pixel, its text's baseline by a point).
        var moves: [(dx: Int, dy: Int)] = []
        for _ in 0..<movesPerRegion where !sample.isEmpty {
            guard let move = bestMove(for: sample, reach: reach, reference: reference, actual: actual, width: width, height: height) else { break }
            moves.append(move)
            sample.removeAll { explains($0, dx: move.dx, dy: move.dy, reference: reference, actual: actual, width: width, height: height) }
        }
        guard !moves.isEmpty else { return nil }
        let explained = differing.reduce(0) { count, pixel in
            let moved = moves.contains { explains(pixel, dx: $0.dx, dy: $0.dy, reference: reference, actual: actual, width: width, height: height) }
            return count + (moved ? 1 : 0)
        }
        guard !rule.isChange(explained: explained, unexplained: differing.count - explained) else { return nil }
        return moves[0]
    }

    /// The move, of at most `reach` pixels each way (not none), that explains the most of `sample`.
    private static func bestMove(
        for sample: [Int], reach: Int, reference: UnsafePointer<UInt32>, actual: UnsafePointer<UInt32>, width: Int, height: Int
    ) -> (dx: Int, dy: Int)? {
        var best: (dx: Int, dy: Int, explained: Int)?
        for dy in -reach...reach {
            for dx in -reach...reach where dx != 0 || dy != 0 {
                var explained = 0
                for (index, pixel) in sample.enumerated() {
                    // Stop once this move can no longer beat the best.
                    if let best, explained + (sample.count - index) <= best.explained { break }
                    if explains(pixel, dx: dx, dy: dy, reference: reference, actual: actual, width: width, height: height) { explained += 1 }
                }
                if explained > (best?.explained ?? 0) { best = (dx, dy, explained) }
            }
        }
        return best.map { ($0.dx, $0.dy) }
    }

    @inline(__always)
    private static func explains(
        _ pixel: Int, dx: Int, dy: Int, reference: UnsafePointer<UInt32>, actual: UnsafePointer<UInt32>, width: Int, height: Int
    ) -> Bool {
        let x = pixel % width, y = pixel / width
        let (sx, sy) = (x - dx, y - dy)
        if sx >= 0, sx < width, sy >= 0, sy < height, !ShiftExplainer.close(actual[pixel], reference[sy * width + sx]) { return false }
        let (tx, ty) = (x + dx, y + dy)
        if tx >= 0, tx < width, ty >= 0, ty < height, !ShiftExplainer.close(reference[pixel], actual[ty * width + tx]) { return false }
        return true
    }
}
