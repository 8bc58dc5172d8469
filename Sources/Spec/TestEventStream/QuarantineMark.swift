/// Why a test is quarantined, and since when: it still runs and is reported, but its failure
/// does not fail the run (see ``TestNode/quarantine``).
package struct QuarantineMark: Sendable, Equatable {
    /// Why, as the team wrote it.
    package var reason: String
    /// Since when, as the team wrote it (a date such as `2026-11-27`), when it did.
    package var since: String?

    /// A mark with its reason and date.
    package init(reason: String, since: String? = nil) {
        self.reason = reason
        self.since = since
    }

    /// "quarantined since 2026-11-27: times out on CI".
    package var description: String {
        "quarantined" + (since.map { " since \($0)" } ?? "") + (reason.isEmpty ? "" : ": \(reason)")
    }
}
