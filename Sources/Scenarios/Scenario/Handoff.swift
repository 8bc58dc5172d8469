/// Carries a value that is used in one place at a time across a boundary the compiler cannot
/// see through: a step body handed to Swift Testing's `@Sendable` scope and run once, in order;
/// a step's result, or a recorded value, handed back out through a lock.
struct Handoff<Value>: @unchecked Sendable {
    let value: Value
}
