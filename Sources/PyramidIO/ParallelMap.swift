import Foundation

/// Maps `items` on up to `workers` threads, keeping the order of the input.
/// Work is handed out one item at a time, so a slow file does not hold up a whole share.
public func parallelMap<Item: Sendable, Result>(
    _ items: [Item], workers: Int, _ transform: @Sendable (Item) -> Result
) -> [Result] {
    let width = max(1, min(workers, items.count))
    if width == 1 { return items.map(transform) }
    let next = WorkCounter()
    var results = [Result?](repeating: nil, count: items.count)
    results.withUnsafeMutableBufferPointer { buffer in
        let output = UncheckedBuffer(buffer: buffer)
        DispatchQueue.concurrentPerform(iterations: width) { _ in
            while let index = next.take(below: items.count) {
                output.buffer[index] = transform(items[index])
            }
        }
    }
    return results.map { $0! }
}

/// Hands out increasing indices to threads.
private final class WorkCounter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        defer { value += 1 }
        return value
    }
}

/// Each index is written by exactly one thread, so sharing the buffer is safe.
private struct UncheckedBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
}
