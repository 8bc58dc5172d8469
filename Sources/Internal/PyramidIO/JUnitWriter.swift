/// The one JUnit XML writer (Maven Surefire's schema), which the living spec and the snapshot
/// cells' report both write through: the document's elements and attributes in one order,
/// every value escaped by ``Markup``.
///
/// It appends to a ``TextBuffer`` piece by piece, so a report of 10,000 test cases makes no
/// string per element. The caller counts: `<testsuite>`'s attributes come before its cases,
/// so a caller that counts as it writes writes the cases into a second writer first.
///
///     var xml = JUnitWriter()
///     xml.declaration()
///     xml.openTestSuites(name: "spec", counts: .init(tests: 1, failures: 1), time: 0.2)
///     xml.openTestSuite(name: "Login", counts: .init(tests: 1, failures: 1), time: 0.2)
///     xml.openTestCase(name: "rejects a wrong password", className: "Login", time: 0.2)
///     xml.result(.failure, message: "expected 401", text: "LoginTests.swift:12: expected 401")
///     xml.closeTestCase()
///     xml.closeTestSuite()
///     xml.closeTestSuites()
package struct JUnitWriter: Sendable {
    /// The XML written so far.
    package var text = TextBuffer()

    /// An empty document.
    package init() {}

    /// What a `<testsuites>` or `<testsuite>` element counts.
    package struct Counts: Sendable, Equatable {
        package var tests = 0
        package var failures = 0
        package var errors = 0
        package var skipped = 0
        /// Cases that failed and then passed on a rerun; written only when there are some.
        package var flakes = 0

        package init(tests: Int = 0, failures: Int = 0, errors: Int = 0, skipped: Int = 0, flakes: Int = 0) {
            self.tests = tests
            self.failures = failures
            self.errors = errors
            self.skipped = skipped
            self.flakes = flakes
        }

        package static func += (counts: inout Counts, other: Counts) {
            counts.tests += other.tests
            counts.failures += other.failures
            counts.errors += other.errors
            counts.skipped += other.skipped
            counts.flakes += other.flakes
        }
    }

    /// How a test case ended, when it did not pass: the element that says so.
    package enum Result: String, Sendable {
        /// An expectation failed.
        case failure
        /// The case could not be run or checked.
        case error
        /// Not run, or set aside (a quarantined failure).
        case skipped
        /// A failed attempt of a case that passed on a rerun.
        case flakyFailure
        /// A failed rerun of a case that never passed.
        case rerunFailure
    }

    /// `<?xml version="1.0" encoding="UTF-8"?>`.
    package mutating func declaration() {
        text += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    }

    /// Opens `<testsuites>`, the document's element (no `flakes`: Surefire's form counts them per suite).
    package mutating func openTestSuites(name: String, counts: Counts, time: Double) {
        openSuite("<testsuites", name: name, counts: counts, flakes: false, time: time)
    }

    package mutating func closeTestSuites() {
        text += "</testsuites>\n"
    }

    /// Opens a `<testsuite>`, with `flakes` when some of its cases passed on a rerun.
    package mutating func openTestSuite(name: String, counts: Counts, time: Double) {
        openSuite("  <testsuite", name: name, counts: counts, flakes: counts.flakes > 0, time: time)
    }

    package mutating func closeTestSuite() {
        text += "  </testsuite>\n"
    }

    /// Opens a `<testcase>`. `className` is written as it is: escape it once with
    /// ``Markup/escapeAttribute(_:)`` for all the cases that share it.
    package mutating func openTestCase(
        name: String, escapedClassName className: String, time: Double, timestamp: String? = nil,
        file: String? = nil, line: Int? = nil
    ) {
        text += "    <testcase name=\""
        text += Markup.escapeAttribute(name)
        text += "\" classname=\""
        text += className
        text += "\" time=\""
        text += Self.seconds(time)
        text += "\""
        if let timestamp {
            text += " timestamp=\""
            text += timestamp
            text += "\""
        }
        if let file {
            text += " file=\""
            text += Markup.escapeAttribute(file)
            text += "\""
        }
        if let line {
            text += " line=\""
            text += String(line)
            text += "\""
        }
        text += ">\n"
    }

    package mutating func closeTestCase() {
        text += "    </testcase>\n"
    }

    package mutating func openProperties() {
        text += "      <properties>\n"
    }

    package mutating func property(_ name: String, _ value: String) {
        text += "        <property name=\""
        text += Markup.escapeAttribute(name)
        text += "\" value=\""
        text += Markup.escapeAttribute(value)
        text += "\"/>\n"
    }

    package mutating func closeProperties() {
        text += "      </properties>\n"
    }

    /// `<properties>` holding `pairs`, in order; nothing when there are none.
    package mutating func properties(_ pairs: [(name: String, value: String)]) {
        guard !pairs.isEmpty else { return }
        openProperties()
        for (name, value) in pairs { property(name, value) }
        closeProperties()
    }

    /// The element that says how the case ended, with `message` and, for failures and errors,
    /// `type`; `text` is its body (a rerun's inside `<stackTrace>`, as Surefire writes it).
    package mutating func result(_ result: Result, message: String, type: String? = nil, text body: String? = nil) {
        text += "      <"
        text += result.rawValue
        text += " message=\""
        text += Markup.escapeAttribute(message)
        text += "\""
        if let type {
            text += " type=\""
            text += Markup.escapeAttribute(type)
            text += "\""
        }
        guard let body else {
            text += "/>\n"
            return
        }
        text += ">"
        let rerun = result == .flakyFailure || result == .rerunFailure
        if rerun { text += "<stackTrace>" }
        text += Markup.escape(body)
        if rerun { text += "</stackTrace>" }
        text += "</"
        text += result.rawValue
        text += ">\n"
    }

    /// Opens `<system-out>`; its lines follow through ``systemOutText(_:)``, escaped.
    package mutating func openSystemOut() {
        text += "      <system-out>"
    }

    /// Text inside `<system-out>` (or any element's body), escaped.
    package mutating func systemOutText(_ piece: String) {
        text += Markup.escape(piece)
    }

    /// Text inside `<system-out>` that needs no escaping (indents, symbols, separators).
    package mutating func systemOutMarkupFree(_ piece: String) {
        text += piece
    }

    package mutating func closeSystemOut() {
        text += "</system-out>\n"
    }

    /// Appends another writer's elements (a suite's cases, written before the suite's counts were known).
    package mutating func append(_ other: JUnitWriter) {
        text += other.text
    }

    /// A duration in seconds, to the millisecond.
    package static func seconds(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return "\(rounded)"
    }

    private mutating func openSuite(_ opening: String, name: String, counts: Counts, flakes: Bool, time: Double) {
        text += opening
        text += " name=\""
        text += Markup.escapeAttribute(name)
        text += "\""
        appendCounts(counts)
        if flakes {
            text += " flakes=\""
            text += String(counts.flakes)
            text += "\""
        }
        text += " time=\""
        text += Self.seconds(time)
        text += "\">\n"
    }

    private mutating func appendCounts(_ counts: Counts) {
        text += " tests=\""
        text += String(counts.tests)
        text += "\" failures=\""
        text += String(counts.failures)
        text += "\" errors=\""
        text += String(counts.errors)
        text += "\" skipped=\""
        text += String(counts.skipped)
        text += "\""
    }
}
