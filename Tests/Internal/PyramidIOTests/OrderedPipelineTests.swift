import ConcurrencyExtras
import Foundation
import PyramidIO
import Testing

@Suite("orderedPipeline")
struct OrderedPipelineTests {
    @Test("every item is made once, on other threads, and consumed on the caller's, in order", arguments: [1, 2, 3, 16])
    func consumesInOrder(workers: Int) async {
        // Run from a thread of its own: the caller waits for results, and must not hold a
        // thread every other test's tasks need.
        let outcome = await withCheckedContinuation { continuation in
            DispatchQueue(label: "OrderedPipelineTests.caller").async {
                let caller = pthread_self()
                let made = LockIsolated(0)
                let madeOnCaller = LockIsolated(0)
                var consumed: [String] = []
                var consumedElsewhere = 0
                orderedPipeline(Array(0..<300), workers: workers) { item in
                    made.withValue { $0 += 1 }
                    if pthread_equal(pthread_self(), caller) != 0 { madeOnCaller.withValue { $0 += 1 } }
                    // Later items are quicker, so they are often made before earlier ones.
                    if item % 7 == 0 { usleep(200) }
                    return "item \(item)"
                } consume: { result in
                    consumed.append(result)
                    if pthread_equal(pthread_self(), caller) == 0 { consumedElsewhere += 1 }
                }
                continuation.resume(returning: (consumed, made.value, madeOnCaller.value, consumedElsewhere))
            }
        }
        #expect(outcome.0 == (0..<300).map { "item \($0)" })
        #expect(outcome.1 == 300)
        #expect(outcome.2 == 0, "items are made on the workers' threads")
        #expect(outcome.3 == 0, "results are consumed on the caller's thread")
    }

    @Test("nothing to make: nothing is consumed, and it returns")
    func empty() {
        var consumed = 0
        orderedPipeline([Int](), workers: 4) { $0 } consume: { _ in consumed += 1 }
        #expect(consumed == 0)
    }
}
