import Foundation
import PyramidIO
@_spi(PyramidTools) public import TestEventStream

/// The living spec of one run, and the files it is written to.
public struct SpecDocument: Sendable {
    /// The run the spec shows.
    public var run: TestRun
    /// The heading at the top.
    public var title: String
    /// How the "Test pyramid" section places tests (tags, `--level`, target names).
    package var pyramid = PyramidClassifier()
    /// The shape the "Test pyramid" section compares the run with (`--shape`).
    package var pyramidTarget = PyramidShape.usual
    /// Whether the run was filtered or sharded: the "Test pyramid" section gives no shape verdict.
    package var isPartialRun = false
    /// Flip rates from a test history (`--history`), shown on each test that flipped.
    package var history: SpecHistory?
    /// What each level of the pyramid covers (`--coverage`), shown after the pyramid.
    package var coverage: PyramidCoverage?
    /// Which faults each level catches (`pyramid mutants`' report), shown after the coverage.
    package var faults: FaultsCaught?

    /// The spec of `run`, headed `title`.
    public init(run: TestRun, title: String) {
        self.run = run
        self.title = title
    }

    /// Reads an event-stream file. Attachment paths in it that do not exist (the run happened
    /// elsewhere, or its folder moved) are looked up by file name in `attachmentsFolder`.
    public static func read(eventStream path: String, attachmentsFolder: String?, title: String) throws(SpecError) -> SpecDocument {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FileManager.default.fileExists(atPath: path) ? .eventStreamUnreadable(path: path) : .eventStreamMissing(path: path)
        }
        let files = SmallFileReader()
        // Each step file is read into a buffer lent to the decoder: no copy of its bytes is made.
        // A file that is read, steps or not, is the attachment; only one not found is looked for
        // in the attachments folder.
        let decode: @Sendable (UnsafeRawBufferPointer) -> [StepRecord]?? = { .some(StepRecordList.decode(bytes: $0)) }
        let run = EventStreamReader.run(of: data, stepsOfAttachment: { attachment -> [StepRecord]? in
            if let read = files.withContents(of: attachment, decode) { return read }
            guard let attachmentsFolder else { return nil }
            let relocated = (attachmentsFolder as NSString).appendingPathComponent((attachment as NSString).lastPathComponent)
            return files.withContents(of: relocated, decode) ?? nil
        })
        return SpecDocument(run: run, title: title)
    }

    /// The document with XCTest's results folded in beside Swift Testing's.
    ///
    /// - Parameters:
    ///   - console: `swift test`'s console output, where XCTest reports each test.
    ///   - xunit: An xUnit file of XCTest's results (`swift test --parallel --xunit-output F`).
    ///   - testList: `swift test list`'s output, for each class's module and the package's frameworks.
    /// - Throws: ``SpecError/unreadableInput(path:reason:)`` for a file that cannot be read or is not what it should be.
    package func addingXCTest(console: String? = nil, xunit: String? = nil, testList: String? = nil) throws(SpecError) -> SpecDocument {
        func text(_ path: String) throws(SpecError) -> String {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .unreadableInput(path: path, reason: FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist")
            }
            return String(decoding: data, as: UTF8.self)
        }
        var records: [XCTestRecord] = []
        if let console { records += XCTestLogReader.read(try text(console)) }
        if let xunit {
            do {
                records += try XUnitReader.read(contentsOf: xunit)
            } catch {
                throw .unreadableInput(path: xunit, reason: error.reason)
            }
        }
        let list = try testList.map { path throws(SpecError) in TestList(parsing: try text(path)) }
        var document = SpecDocument(run: run.adding(xctest: records, list: list), title: title)
        document.pyramid = pyramid
        document.pyramidTarget = pyramidTarget
        document.isPartialRun = isPartialRun
        document.history = history
        return document
    }

    /// `7 tests — 2 failed, 5 passed` and, when the run ran nothing or one framework of two, a warning that says so.
    package var summaryLine: String {
        let counts = run.counts
        var line = "\(counted(counts.total, "test")) — \(counts.summary(separator: ", "))"
        if let warning = run.coverageWarning { line += " — ⚠️ \(warning)" }
        return line
    }

    /// The spec as Markdown, for a CI job summary.
    public var markdown: String {
        MarkdownSpec.render(self)
    }
    /// The spec as one self-contained HTML page.
    public var html: String {
        HTMLSpec.render(self)
    }

    /// The run's test pyramid, as the spec's "Test pyramid" section shows it.
    public var pyramidReport: PyramidReport {
        PyramidReport(run: run, classifier: pyramid, target: pyramidTarget, isPartial: isPartialRun)
    }
    /// The run as JUnit XML, display names kept.
    public var junit: String { JUnitSpec.render(self) }

    /// Where each rendering goes; nil leaves it out.
    public struct Destinations: Sendable {
        /// Where `spec.md` goes.
        public var markdown: String?
        /// Where `spec.html` goes.
        public var html: String?
        /// Where `junit.xml` goes.
        public var junit: String?

        /// Files for each rendering; nil leaves it out.
        public init(markdown: String?, html: String?, junit: String?) {
            self.markdown = markdown
            self.html = html
            self.junit = junit
        }

        /// `spec.md`, `spec.html` and `junit.xml` in `folder`.
        public static func folder(_ folder: String) -> Destinations {
            let path = { (name: String) in (folder as NSString).appendingPathComponent(name) }
            return Destinations(markdown: path("spec.md"), html: path("spec.html"), junit: path("junit.xml"))
        }
    }

    /// Writes each rendering whole (a temporary file renamed into place), making folders as
    /// needed, and with coverage measured each measured file's source page beside the HTML page.
    /// Returns the paths written: the renderings', then the source pages'.
    /// - Parameters:
    ///   - destinations: Where each rendering goes.
    ///   - report: ``pyramidReport``, when the caller has made it (else it is made here, once).
    @discardableResult
    public func write(to destinations: Destinations, report: PyramidReport? = nil) throws(SpecError) -> [String] {
        try write(to: destinations, report: SharedReport(report)).written
    }

    /// Writes each rendering as ``write(to:report:)`` does, and returns the paths written and
    /// the run's ``pyramidReport``, made while the JUnit file is rendered.
    package func writeReturningReport(to destinations: Destinations) throws(SpecError) -> (written: [String], report: PyramidReport) {
        try write(to: destinations, report: SharedReport(nil))
    }

    /// The pyramid report the Markdown and HTML renderings share: made by the first that needs
    /// it, on its thread, while the JUnit rendering (which does not) goes on.
    private final class SharedReport: @unchecked Sendable {
        private let lock = NSLock()
        private var report: PyramidReport?

        init(_ report: PyramidReport?) {
            self.report = report
        }

        func get(_ document: SpecDocument) -> PyramidReport {
            lock.lock()
            defer { lock.unlock() }
            if let report { return report }
            let made = document.pyramidReport
            report = made
            return made
        }
    }

    private func write(to destinations: Destinations, report: SharedReport) throws(SpecError) -> (written: [String], report: PyramidReport) {
        var wanted: [(path: String, render: @Sendable (SpecDocument) -> TextBuffer)] = []
        if let path = destinations.junit { wanted.append((path, { JUnitSpec.text($0) })) }
        if let path = destinations.markdown {
            wanted.append((path, { MarkdownSpec.text($0, report: report.get($0)) }))
        }
        if let path = destinations.html {
            wanted.append((path, { HTMLSpec.text($0, report: report.get($0)) }))
        }
        for (path, _) in wanted {
            let folder = (path as NSString).deletingLastPathComponent
            guard !folder.isEmpty else { continue }
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreateFolder(path: folder, reason: FileError.describe(error))
            }
        }
        // The renderings are independent: each is made, and written, on a thread of its own,
        // so three renderings on two cores share both to the end (a pool as wide as the cores
        // would leave the third until one of the first two is done).
        let document = self
        let renderings = wanted.map { path, render in
            Pending("SpecDocument.render") { () throws(FileError) in try AtomicFile.write(render(document), to: path) }
        }
        // Every rendering is waited for before a failure is thrown.
        let failures = renderings.map { rendering -> FileError? in
            do throws(FileError) { try rendering.wait() } catch { return error }
            return nil
        }
        if let failure = failures.lazy.compactMap({ $0 }).first {
            throw .cannotWrite(path: failure.path, reason: failure.reason)
        }
        // Each measured file's source page, beside the HTML page that links to it.
        var pages: [String] = []
        if let coverage, let html = destinations.html { pages = try coverage.writeSourcePages(besideSpecAt: html) }
        // Named in the order Markdown, HTML, JUnit, as they are listed everywhere; then the source pages.
        return ([destinations.markdown, destinations.html, destinations.junit].compactMap { $0 } + pages, report.get(self))
    }
}

