import Testing

/// Waits until `value` satisfies `predicate`, reading it every `interval` on `clock`; records
/// an issue if it has not within `timeout`. The issue says the last value, each distinct value
/// seen, how many checks ran and how long the wait took on the clock.
///
/// Reads happen on the caller's actor, so a `@MainActor` test can poll a `@MainActor` view
/// model. Inject a `TestClock` or `ImmediateClock` to wait in virtual time; for a transient
/// state (a loading flag that is true for a moment) prefer a recorder or a ``Gate``: polling
/// can only see what is there when it looks.
@discardableResult
public func eventually<Value>(
    _ value: () async -> Value,
    satisfies predicate: (Value) -> Bool,
    _ comment: Comment? = nil,
    timeout: Duration = .seconds(1),
    every interval: Duration = .milliseconds(10),
    clock: some Clock<Duration> = ContinuousClock(),
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation
) async -> Bool {
    await Polling.run(
        .eventually, within: timeout, every: interval, clock: clock, comment: comment,
        sourceLocation: sourceLocation, value, predicate)
}

/// Waits until `value` equals `expected`. See ``eventually(_:satisfies:_:timeout:every:clock:sourceLocation:isolation:)``.
@discardableResult
public func eventually<Value: Equatable>(
    _ value: () async -> Value,
    equals expected: Value,
    _ comment: Comment? = nil,
    timeout: Duration = .seconds(1),
    every interval: Duration = .milliseconds(10),
    clock: some Clock<Duration> = ContinuousClock(),
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation
) async -> Bool {
    await Polling.run(
        .eventually, within: timeout, every: interval, clock: clock, comment: comment,
        sourceLocation: sourceLocation, value, { $0 == expected })
}

/// Waits until `condition` is true. See ``eventually(_:satisfies:_:timeout:every:clock:sourceLocation:isolation:)``.
@discardableResult
public func eventually(
    _ comment: Comment? = nil,
    timeout: Duration = .seconds(1),
    every interval: Duration = .milliseconds(10),
    clock: some Clock<Duration> = ContinuousClock(),
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async -> Bool
) async -> Bool {
    await Polling.run(
        .eventually, within: timeout, every: interval, clock: clock, comment: comment,
        sourceLocation: sourceLocation, condition, { $0 })
}

/// Checks for `duration` that `value` never satisfies `predicate`; records an issue, with what
/// it saw, the first time it does.
@discardableResult
public func never<Value>(
    _ value: () async -> Value,
    satisfies predicate: (Value) -> Bool,
    _ comment: Comment? = nil,
    for duration: Duration = .milliseconds(100),
    every interval: Duration = .milliseconds(10),
    clock: some Clock<Duration> = ContinuousClock(),
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation
) async -> Bool {
    await Polling.run(
        .never, within: duration, every: interval, clock: clock, comment: comment,
        sourceLocation: sourceLocation, value, predicate)
}

/// Checks for `duration` that `condition` never becomes true.
@discardableResult
public func never(
    _ comment: Comment? = nil,
    for duration: Duration = .milliseconds(100),
    every interval: Duration = .milliseconds(10),
    clock: some Clock<Duration> = ContinuousClock(),
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async -> Bool
) async -> Bool {
    await Polling.run(
        .never, within: duration, every: interval, clock: clock, comment: comment,
        sourceLocation: sourceLocation, condition, { $0 })
}

/// Checks for `duration` that `value` always satisfies `predicate`; records an issue, with
/// what it saw, the first time it does not.
@discardableResult
public func always<Value>(
    _ value: () async -> Value,
    satisfies predicate: (Value) -> Bool,
    _ comment: Comment? = nil,
    for duration: Duration = .milliseconds(100),
    every interval: Duration = .milliseconds(10),
    clock: some Clock<Duration> = ContinuousClock(),
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation
) async -> Bool {
    await Polling.run(
        .always, within: duration, every: interval, clock: clock, comment: comment,
        sourceLocation: sourceLocation, value, predicate)
}

/// Checks for `duration` that `condition` stays true.
@discardableResult
public func always(
    _ comment: Comment? = nil,
    for duration: Duration = .milliseconds(100),
    every interval: Duration = .milliseconds(10),
    clock: some Clock<Duration> = ContinuousClock(),
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async -> Bool
) async -> Bool {
    await Polling.run(
        .always, within: duration, every: interval, clock: clock, comment: comment,
        sourceLocation: sourceLocation, condition, { $0 })
}
