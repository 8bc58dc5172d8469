public import Testing

/// Waits until `value` satisfies `predicate`, reading it every `interval` on `clock`; records
/// an issue if it has not within `timeout`. The issue says the last value, each distinct value
/// seen, how many checks ran and how long the wait took on the clock.
///
/// Reads happen on the caller's actor, so a `@MainActor` test can poll a `@MainActor` view
/// model. Inject a `TestClock` or `ImmediateClock` to wait in virtual time; for a transient
/// state (a loading flag that is true for a moment) prefer a recorder or a ``Gate``: polling
/// can only see what is there when it looks.
///
/// - Parameters:
///   - value: Reads the value to check, on the caller's actor.
///   - predicate: What the value must satisfy.
///   - comment: Added to the issue, to say what was awaited.
///   - timeout: How long to wait, on `clock`, before recording an issue.
///   - interval: How often to read, on `clock`.
///   - clock: The clock to wait on; a `TestClock` or `ImmediateClock` waits in virtual time.
///   - sourceLocation: Where the issue is recorded.
///   - isolation: The caller's actor, where reads happen.
/// - Returns: Whether the condition came true in time (an issue is recorded when it did not).
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
///
/// - Parameters:
///   - value: Reads the value to check, on the caller's actor.
///   - expected: The value to wait for.
///   - comment: Added to the issue, to say what was awaited.
///   - timeout: How long to wait, on `clock`, before recording an issue.
///   - interval: How often to read, on `clock`.
///   - clock: The clock to wait on; a `TestClock` or `ImmediateClock` waits in virtual time.
///   - sourceLocation: Where the issue is recorded.
///   - isolation: The caller's actor, where reads happen.
/// - Returns: Whether the value came to equal `expected` in time (an issue is recorded when it did not).
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
///
/// - Parameters:
///   - comment: Added to the issue, to say what was awaited.
///   - timeout: How long to wait, on `clock`, before recording an issue.
///   - interval: How often to check, on `clock`.
///   - clock: The clock to wait on; a `TestClock` or `ImmediateClock` waits in virtual time.
///   - sourceLocation: Where the issue is recorded.
///   - isolation: The caller's actor, where checks happen.
///   - condition: The condition, checked on the caller's actor.
/// - Returns: Whether the condition came true in time (an issue is recorded when it did not).
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
///
/// - Parameters:
///   - value: Reads the value to check, on the caller's actor.
///   - predicate: What the value must satisfy.
///   - comment: Added to the issue, to say what was awaited.
///   - duration: How long to keep checking, on `clock`.
///   - interval: How often to read, on `clock`.
///   - clock: The clock to wait on; a `TestClock` or `ImmediateClock` waits in virtual time.
///   - sourceLocation: Where the issue is recorded.
///   - isolation: The caller's actor, where reads happen.
/// - Returns: Whether the condition held for the whole duration (an issue is recorded when it did not).
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
///
/// - Parameters:
///   - comment: Added to the issue, to say what was awaited.
///   - duration: How long to keep checking, on `clock`.
///   - interval: How often to check, on `clock`.
///   - clock: The clock to wait on; a `TestClock` or `ImmediateClock` waits in virtual time.
///   - sourceLocation: Where the issue is recorded.
///   - isolation: The caller's actor, where checks happen.
///   - condition: The condition, checked on the caller's actor.
/// - Returns: Whether the condition held for the whole duration (an issue is recorded when it did not).
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
///
/// - Parameters:
///   - value: Reads the value to check, on the caller's actor.
///   - predicate: What the value must satisfy.
///   - comment: Added to the issue, to say what was awaited.
///   - duration: How long to keep checking, on `clock`.
///   - interval: How often to read, on `clock`.
///   - clock: The clock to wait on; a `TestClock` or `ImmediateClock` waits in virtual time.
///   - sourceLocation: Where the issue is recorded.
///   - isolation: The caller's actor, where reads happen.
/// - Returns: Whether the condition held for the whole duration (an issue is recorded when it did not).
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
///
/// - Parameters:
///   - comment: Added to the issue, to say what was awaited.
///   - duration: How long to keep checking, on `clock`.
///   - interval: How often to check, on `clock`.
///   - clock: The clock to wait on; a `TestClock` or `ImmediateClock` waits in virtual time.
///   - sourceLocation: Where the issue is recorded.
///   - isolation: The caller's actor, where checks happen.
///   - condition: The condition, checked on the caller's actor.
/// - Returns: Whether the condition held for the whole duration (an issue is recorded when it did not).
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
