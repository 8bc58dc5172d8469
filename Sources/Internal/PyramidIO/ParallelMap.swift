
/// Maps `items` on up to `workers` threads, keeping the order of the input.
/// Work is handed out one item at a time, so a slow file does not hold up a whole share.
package func parallelMap<Item: Sendable, Result>(
    _ items: [Item], workers: Int, _ transform: @Sendable (Item) -> Result
) -> [Result] {
    let width = max(1, min(workers, items.count))
    if width == 1 { return items.map(transform) }
    let nextIndex = Locked(0)
    return [Result](unsafeUninitializedCapacity: items.count) { buffer, initialized in
        // Each index is taken, and its slot written, by exactly one thread.
        let output = UncheckedSendable(buffer)
        concurrentForEach(width) { _ in
            while let index = nextIndex.withValue({ next -> Int? in
                guard next < items.count else { return nil }
                defer { next += 1 }
                return next
            }) {
                output.value.initializeElement(at: index, to: transform(items[index]))
            }
        }
        initialized = items.count
    }
}
