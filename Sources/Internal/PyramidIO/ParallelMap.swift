
/// Maps `items` on up to `workers` threads, keeping the order of the input.
/// Work is handed out in short runs of items, so a slow file does not hold up a whole share.
package func parallelMap<Item: Sendable, Result>(
    _ items: [Item], workers: Int, _ transform: @Sendable (Item) -> Result
) -> [Result] {
    let width = max(1, min(workers, items.count))
    if width == 1 || Parallelism.isSerial { return items.map(transform) }
    // Indices are handed out a run at a time: one lock a run rather than one an item, while
    // runs stay short enough that a slow item does not leave the other threads idle.
    let chunk = max(1, items.count / (width * 16))
    let nextIndex = Locked(0)
    return [Result](unsafeUninitializedCapacity: items.count) { buffer, initialized in
        // Each index is taken, and its slot written, by exactly one thread.
        let output = UncheckedSendable(buffer)
        concurrentForEach(width) { _ in
            while let range = nextIndex.withValue({ next -> Range<Int>? in
                guard next < items.count else { return nil }
                defer { next = min(items.count, next + chunk) }
                return next..<min(items.count, next + chunk)
            }) {
                for index in range { output.value.initializeElement(at: index, to: transform(items[index])) }
            }
        }
        initialized = items.count
    }
}
