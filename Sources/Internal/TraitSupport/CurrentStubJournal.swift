/// A request the test's HTTP stubs answered, as a UI trace shows it.
package struct StubJournalLine: Sendable, Equatable {
    package var method: String
    package var url: String
    /// The status answered, or nil when no stub answered.
    package var status: Int?
    /// The stub that answered, by its name.
    package var stub: String?
    /// Why no stub answered.
    package var failure: String?
    package var requestBody: String?

    package init(method: String, url: String, status: Int?, stub: String?, failure: String?, requestBody: String?) {
        self.method = method
        self.url = url
        self.status = status
        self.stub = stub
        self.failure = failure
        self.requestBody = requestBody
    }
}

/// The journal of the test's HTTP stubs, for a UI trace to show beside the app's own requests:
/// `.httpStubs` sets it around the test, and a trace reads what came since it last read.
package enum CurrentStubJournal {
    /// The requests the stubs saw from a position of their journal on, and the position after them.
    @TaskLocal package static var read: (@Sendable (_ from: Int) -> (lines: [StubJournalLine], next: Int))?
}
