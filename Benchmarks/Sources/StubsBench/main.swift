// In-process round trip of a HTTPStubs session: GET with a small JSON stub through
// URLSession.data(for:), sequential, after a warm-up. Prints p50, p99 and mean.
//   stubs-bench [REQUESTS] [WARMUP]
import Foundation
import HTTPStubs
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let requests = max(arguments.first ?? 10_000, 1)
let warmUp = arguments.dropFirst().first ?? 1_000

let stubs = StubRegistry()
stubs.stub(.get("/api/v2/items/{id}")).respond(.json(["id": "a1", "title": "Swift", "likes": 3]))
let session = stubs.makeSession()
let request = URLRequest(url: URL(string: "https://qiita.test/api/v2/items/a1")!)

func roundTrip() async throws {
    let (data, response) = try await session.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200, !data.isEmpty else {
        throw URLError(.badServerResponse)
    }
}

for _ in 0..<warmUp { try await roundTrip() }
stubs.resetJournal()

let clock = ContinuousClock()
var samples: [Duration] = []
samples.reserveCapacity(requests)
for _ in 0..<requests {
    let start = clock.now
    try await roundTrip()
    samples.append(clock.now - start)
    // A long run would measure the journal growing, not the transport.
    if stubs.journal.count >= 1_000 { stubs.resetJournal() }
}
samples.sort()

func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(format: "%.3f", Double(seconds) * 1_000 + Double(attoseconds) / 1e15)
}
let total = samples.reduce(Duration.zero, +)
print("HTTPStubs in-process round trip, \(requests) sequential GETs after \(warmUp) warm-up (ms)")
print("p50 \(milliseconds(samples[(requests - 1) / 2]))  p99 \(milliseconds(samples[min(requests - 1, requests * 99 / 100)]))  mean \(milliseconds(total / requests))  max \(milliseconds(samples[requests - 1]))")
