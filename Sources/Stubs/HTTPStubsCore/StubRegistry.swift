public import Foundation
import PyramidIO

/// One test's stubs, scenario states and request journal.
///
/// Make one per test; nothing is global, so parallel tests never see each other's stubs.
/// Every method is safe to call from any thread or task.
///
/// ```swift
/// let stubs = StubRegistry()
/// stubs.stub(.get("/api/v2/items").query("page", "1")).respond(.json([["id": "a1", "title": "Swift"]]))
/// switch stubs.respond(to: try StubRequest(method: "GET", url: "https://qiita.com/api/v2/items?page=1")) {
/// case .matched(let match): send(match.response)
/// case .unmatched(let report): print(report)   // the closest stubs, criterion by criterion
/// case .failed(let failure): print(failure)
/// }
/// try stubs.verify(.once, matching: .get("/api/v2/items"))
/// ```
///
/// Matching runs outside the lock, so custom predicates may be slow; a stub whose predicate
/// calls back into its own registry is still fine.
public final class StubRegistry: Sendable {
    private struct Entry {
        var stub: Stub
        var insertion: Int
        var hits = 0
    }

    private struct State {
        /// In the order they are tried: priority ascending, then most recently added first.
        var entries: [Entry] = []
        var nextInsertion = 0
        var scenarioStates: [String: String] = [:]
        var journal: [JournalEntry] = []
        /// Requests recorded since the journal was last emptied, kept or not.
        var recorded = 0
        /// What proxied requests were answered, oldest first, kept as the journal is.
        var exchanges: [RecordedExchange] = []
        var exchangeCount = 0
        /// Bumped whenever stubs or scenario states change, so a match made outside the lock can be checked.
        var version = 0
    }

    /// What matching needs, read under the lock and used outside it.
    private struct Snapshot {
        var entries: [Entry]
        var scenarioStates: [String: String]
        var version: Int
    }

    private let state = Locked(State())

    /// The most requests the journal keeps; older ones are dropped first. `nil`: all of them.
    package let journalLimit: Int?

    /// A registry with no stubs.
    ///
    /// - Parameter journalLimit: The most requests the journal keeps, for a long-running
    ///   server (WireMock's `--max-request-journal-entries`); `nil` keeps every one, as a test
    ///   wants. Counts and `verify` see only the requests kept.
    public init(journalLimit: Int? = nil) {
        self.journalLimit = journalLimit.map { max($0, 1) }
    }

    /// Appends to the journal and drops the oldest entries past the limit. They are dropped in
    /// batches, so keeping the newest `limit` costs no more per request than appending does.
    private func append(_ makeEntry: (Int) -> JournalEntry, to state: inout State) {
        state.journal.append(makeEntry(state.recorded))
        state.recorded += 1
        if let limit = journalLimit, state.journal.count >= limit + max(limit / 4, 16) {
            state.journal.removeFirst(state.journal.count - limit)
        }
    }

    /// The journal as kept: at most ``journalLimit`` entries.
    private func kept(_ journal: [JournalEntry]) -> [JournalEntry] {
        guard let limit = journalLimit, journal.count > limit else { return journal }
        return Array(journal.suffix(limit))
    }

    // MARK: Stubs

    /// Adds `stub` and returns its id. A stub with the same id is replaced.
    @discardableResult
    public func add(_ stub: Stub) -> UUID {
        state.withValue { state in
            state.entries.removeAll { $0.stub.id == stub.id }
            let position = state.entries.firstIndex { $0.stub.priority >= stub.priority } ?? state.entries.endIndex
            state.entries.insert(Entry(stub: stub, insertion: state.nextInsertion), at: position)
            state.nextInsertion += 1
            state.version += 1
        }
        return stub.id
    }

    /// Adds every stub in `stubs`, in order.
    public func add(_ stubs: [Stub]) {
        for stub in stubs { add(stub) }
    }

    /// Removes the stub with `id`; returns whether there was one.
    @discardableResult
    public func remove(_ id: UUID) -> Bool {
        state.withValue { state in
            let before = state.entries.count
            state.entries.removeAll { $0.stub.id == id }
            state.version += 1
            return state.entries.count != before
        }
    }

    /// The stubs in the order they are tried.
    public var stubs: [Stub] {
        state.value.entries.map(\.stub)
    }

    /// The stubs no request has matched yet, in the order they are tried.
    public var unusedStubs: [Stub] {
        state.value.entries.filter { $0.hits == 0 }.map(\.stub)
    }

    // MARK: Answering

    /// Finds the stub for `request`, advances its sequence and scenario, records the request in
    /// the journal, and returns the response to send (or why there is none).
    public func respond(to request: StubRequest) -> StubOutcome {
        while true {
            // Not the journal: holding a second reference to it would copy it on the next append.
            let snapshot = state.withValue { Snapshot(entries: $0.entries, scenarioStates: $0.scenarioStates, version: $0.version) }
            var chosen: (entry: Entry, captures: [String: String])?
            for entry in snapshot.entries where Self.scenarioAllows(entry.stub, snapshot.scenarioStates) {
                if let captures = entry.stub.request.match(request) {
                    chosen = (entry, captures)
                    break
                }
            }
            guard let chosen else {
                let report = nearMisses(for: request, in: snapshot)
                let committed = state.withValue { state -> Bool in
                    guard state.version == snapshot.version else { return false }
                    append({ JournalEntry(index: $0, request: request, nearMissReport: report) }, to: &state)
                    return true
                }
                if committed { return .unmatched(report) }
                continue
            }
            let stub = chosen.entry.stub
            let response: StubResponse? = state.withValue { state in
                guard state.version == snapshot.version,
                      let position = state.entries.firstIndex(where: { $0.stub.id == stub.id })
                else { return nil }
                let hits = state.entries[position].hits
                state.entries[position].hits += 1
                if let scenario = stub.scenario, let newState = scenario.newState {
                    state.scenarioStates[scenario.name] = newState
                    state.version += 1
                }
                return stub.responses[min(hits, stub.responses.count - 1)]
            }
            guard let response else { continue }
            let name = stub.displayName
            do throws(ResolutionError) {
                let resolved = try response.resolve(for: request, captures: chosen.captures)
                record(request, stub: stub, name: name, status: resolved.fault == nil ? resolved.status : nil, failure: nil)
                return .matched(StubMatch(stubID: stub.id, stubName: name, response: resolved, captures: chosen.captures))
            } catch {
                record(request, stub: stub, name: name, status: nil, failure: error.reason)
                return .failed(StubFailure(stubID: stub.id, stubName: name, reason: error.reason))
            }
        }
    }

    private func record(_ request: StubRequest, stub: Stub, name: String, status: Int?, failure: String?) {
        state.withValue { state in
            append({ JournalEntry(
                index: $0, request: request, stubID: stub.id, stubName: name,
                status: status, failure: failure
            ) }, to: &state)
        }
    }

    private static func scenarioAllows(_ stub: Stub, _ states: [String: String]) -> Bool {
        guard let scenario = stub.scenario, let required = scenario.requiredState else { return true }
        return (states[scenario.name] ?? ScenarioStep.started) == required
    }

    private func nearMisses(for request: StubRequest, in snapshot: Snapshot) -> NearMissReport {
        var ranked: [(miss: NearMiss, rank: NearMissRanking)] = []
        for (order, entry) in snapshot.entries.enumerated() {
            var criteria = entry.stub.request.evaluate(request).criteria
            if let scenario = entry.stub.scenario, let required = scenario.requiredState {
                let current = snapshot.scenarioStates[scenario.name] ?? ScenarioStep.started
                criteria.append(CriterionResult(
                    name: "scenario \(scenario.name)", expected: "state \(Markup.jsonString(required))",
                    actual: "state \(Markup.jsonString(current))", matched: current == required
                ))
            }
            ranked.append((NearMiss(stubID: entry.stub.id, stubName: entry.stub.displayName, criteria: criteria),
                           NearMissRanking(entry.stub.request, criteria: criteria, request: request, order: order)))
        }
        ranked.sort { $0.rank < $1.rank }
        return NearMissReport(
            request: request,
            nearMisses: ranked.prefix(NearMissReport.limit).map(\.miss),
            stubCount: snapshot.entries.count
        )
    }

    // MARK: Journal

    /// Every request seen, in order.
    public var journal: [JournalEntry] {
        kept(state.withValue { $0.journal })
    }

    /// The requests no stub matched, in order.
    public var unmatchedRequests: [StubRequest] {
        journal.filter { !$0.wasMatched }.map(\.request)
    }

    /// How many requests in the journal fit `pattern` (whether or not a stub answered them).
    public func count(matching pattern: RequestPattern) -> Int {
        journal.filter { pattern.match($0.request) != nil }.count
    }

    /// Checks that `expected` requests in the journal fit `pattern`.
    public func verify(_ expected: RequestCount, matching pattern: RequestPattern) throws(StubVerificationError) {
        let journal = journal
        let actual = journal.filter { pattern.match($0.request) != nil }.count
        guard expected.accepts(actual) else {
            throw StubVerificationError(expected: expected, actual: actual, pattern: pattern.description,
                                        received: journal.map(\.request.summary))
        }
    }

    /// Removes the journal's entries `predicate` picks, and returns them.
    @discardableResult
    package func removeFromJournal(where predicate: (JournalEntry) -> Bool) -> [JournalEntry] {
        state.withValue { state in
            let removed = kept(state.journal).filter(predicate)
            state.journal.removeAll(where: predicate)
            return removed
        }
    }

    /// Empties the journal and the proxied exchanges (stubs, hit counts and scenario states stay).
    public func resetJournal() {
        state.withValue { state in
            state.journal.removeAll()
            state.exchanges.removeAll()
            state.recorded = 0
        }
    }

    /// What the real servers answered to the requests proxy stubs sent on, oldest first: what
    /// a recording is made from. At most ``journalLimit`` are kept, as in the journal.
    package var recordedExchanges: [RecordedExchange] {
        let exchanges = state.withValue { $0.exchanges }
        guard let limit = journalLimit, exchanges.count > limit else { return exchanges }
        return Array(exchanges.suffix(limit))
    }

    /// How many exchanges were ever recorded: the ``RecordedExchange/sequence`` of the next.
    package var recordedExchangeCount: Int { state.withValue { $0.exchangeCount } }

    /// Keeps what a real server answered to a proxied request (transports call this).
    package func record(_ exchange: RecordedExchange) {
        var exchange = exchange
        state.withValue { state in
            exchange.sequence = state.exchangeCount
            state.exchangeCount += 1
            state.exchanges.append(exchange)
            if let limit = journalLimit, state.exchanges.count >= limit + max(limit / 4, 16) {
                state.exchanges.removeFirst(state.exchanges.count - limit)
            }
        }
    }

    // MARK: Scenarios

    /// The current state of every scenario the stubs name or that was set, by name.
    package var scenarioStates: [String: String] {
        let snapshot = state.value
        var states: [String: String] = [:]
        for entry in snapshot.entries {
            if let name = entry.stub.scenario?.name { states[name] = ScenarioStep.started }
        }
        return states.merging(snapshot.scenarioStates) { _, current in current }
    }

    /// The current state of the scenario `name` ("Started" until a stub moves it).
    package func scenarioState(_ name: String) -> String {
        state.value.scenarioStates[name] ?? ScenarioStep.started
    }

    /// Puts the scenario `name` in `newState`.
    package func setScenarioState(_ name: String, to newState: String) {
        state.withValue { state in
            state.scenarioStates[name] = newState
            state.version += 1
        }
    }

    /// Puts every scenario back to "Started".
    package func resetScenarios() {
        state.withValue { state in
            state.scenarioStates.removeAll()
            state.version += 1
        }
    }

    /// Removes every stub, empties the journal and resets every scenario.
    public func reset() {
        state.withValue { state in
            state = State(nextInsertion: state.nextInsertion, version: state.version + 1)
        }
    }
}
