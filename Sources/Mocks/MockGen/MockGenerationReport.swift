public import MockModel

/// What a generation run did: what it read, what it wrote, and what it had to skip.
///
/// Paths are as the request gave them (or, with
/// ``MockGenerationRequest/perFile``, inside its destination).
public struct MockGenerationReport: Sendable {
    /// Source files read as UTF-8 text.
    package var filesRead = 0
    /// Source files that declare at least one protocol, annotated or not; 0 when
    /// `upToDate`, because nothing was parsed.
    package var filesWithProtocols = 0
    /// Mocks generated; 0 when `upToDate`.
    public package(set) var mocks = 0
    /// Output files this run wrote (created or replaced).
    public package(set) var written: [String] = []
    /// Output files whose content already was what this run generated, so they were
    /// left as they were (not even their modification time changed).
    package var unchanged: [String] = []
    /// Generated files in the per-file destination that this run no longer produces,
    /// and so removed.
    public package(set) var removed: [String] = []
    /// Protocols that could not be mocked and files that could not be read as text, in
    /// input order; everything else was still generated. An `upToDate` run reports
    /// only what it found while reading (files that are not UTF-8).
    public package(set) var diagnostics: [MockDiagnostic] = []
    /// Nothing changed since the last run with the same cache, so nothing was parsed,
    /// rendered or written, and ``unchanged`` lists every output.
    package var upToDate = false
    /// Why the cache could not be saved, if it could not; the outputs are written all the
    /// same, and only the next run's shortcut is lost.
    package var cacheWarning: String?
    /// Seconds spent in each phase, in order (`read`, `parse`, `render`, `write`, `cache`;
    /// an up-to-date run has only `read`), as `pyramid mocks --timing` prints them.
    package var phases: [(name: String, seconds: Double)] = []

    package init() {}
}
