/// Values a command keeps until the process exits, rather than freeing them as it returns.
///
/// The run a living spec is made of, for 10,000 tests, is hundreds of thousands of small
/// allocations; freeing them one by one as the command returns costs time that the process's
/// exit, which hands its memory back whole, does not.
package enum KeptUntilExit {
    private static let values = Locked<[any Sendable]>([])

    /// Keeps `value` alive until the process exits.
    package static func keep(_ value: some Sendable) {
        values.withValue { $0.append(value) }
    }
}
