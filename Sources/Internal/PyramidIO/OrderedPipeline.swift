import Foundation

/// Makes `items`' results on `workers` threads of their own and hands each to `consume` on the
/// calling thread, in order, as soon as it and every result before it are made: the caller
/// works through the first results while the later ones are still being made.
///
/// The workers run on threads of their own (one serial queue each), never on the shared pool,
/// so a caller that blocks while it waits for a result cannot starve them.
package func orderedPipeline<Item: Sendable, Result: Sendable>(
    _ items: [Item], workers: Int, make: @escaping @Sendable (Item) -> Result, consume: (Result) -> Void
) {
    guard !items.isEmpty else { return }
    let width = max(1, min(workers, items.count))
    let slots = PipelineSlots<Result>(count: items.count)
    let finished = DispatchGroup()
    for worker in 0..<width {
        DispatchQueue(label: "orderedPipeline.\(worker)").async(group: finished) {
            while let index = slots.claim() { slots.fill(index, with: make(items[index])) }
        }
    }
    for index in items.indices { consume(slots.take(index)) }
    finished.wait()
}

/// The results of an ``orderedPipeline(_:workers:make:consume:)``, each taken once, in order.
private final class PipelineSlots<Result: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var results: [Result?]
    private var next = 0

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    /// The next item to make, or nil when every item is taken.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard next < results.count else { return nil }
        defer { next += 1 }
        return next
    }

    func fill(_ index: Int, with result: Result) {
        condition.lock()
        results[index] = result
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the result at `index`, and takes it out.
    func take(_ index: Int) -> Result {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil { condition.wait() }
        var taken: Result? = nil
        swap(&taken, &results[index])
        return taken!
    }
}
