import Foundation

/// Maven Surefire's JUnit schema (`../shared/peer-data/junit`), and `xmllint` checking our JUnit
/// against it, each `<testsuite>` on its own (the schema's root).
///
/// Our JUnit keeps three extensions the schema lacks, named in the README: `file` and `line` on
/// a test case (GitHub's and GitLab's reporters annotate with them) and a test case's own
/// `<properties>`. They are removed, exactly those, before each suite is checked.
package enum SurefireSchema {
    /// The schema file, or nil when the shared data is absent.
    package static var path: String? { PeerData.path("junit/surefire-test-report.xsd") }

    /// Each `<testsuite>` of `junit` with the named extensions removed, as a document of its own.
    package static func suitesWithoutExtensions(_ junit: String) throws -> [String] {
        let suite = try NSRegularExpression(pattern: #"<testsuite [^>]*>.*?</testsuite>"#, options: [.dotMatchesLineSeparators])
        let location = try NSRegularExpression(pattern: #" (file|line)="[^"]*""#)
        // A test case's own properties come right after its start tag, before its results.
        let caseProperties = try NSRegularExpression(
            pattern: #"(<testcase [^>]*>)\s*<properties>.*?</properties>"#, options: [.dotMatchesLineSeparators])
        let whole = junit as NSString
        return suite.matches(in: junit, range: NSRange(location: 0, length: whole.length)).map { match in
            var text = whole.substring(with: match.range)
            text = location.stringByReplacingMatches(in: text, range: NSRange(location: 0, length: (text as NSString).length), withTemplate: "")
            text = caseProperties.stringByReplacingMatches(
                in: text, range: NSRange(location: 0, length: (text as NSString).length), withTemplate: "$1")
            return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + text
        }
    }

    /// `xmllint`'s complaints about each suite of `junit` that does not validate, and how many
    /// suites there were.
    package static func validate(_ junit: String, in folder: TemporaryFolder) async throws -> (suites: Int, problems: [String]) {
        guard let schema = path else { return (0, ["the Surefire schema (../shared/peer-data/junit) is absent"]) }
        let suites = try suitesWithoutExtensions(junit)
        var problems: [String] = []
        for (index, suite) in suites.enumerated() {
            let file = folder.path("suite-\(index).xml")
            try Data(suite.utf8).write(to: URL(fileURLWithPath: file))
            let run = try await Program.run("xmllint", ["--noout", "--schema", schema, file])
            if run.status != 0 { problems.append("suite \(index): \(run.stderr)") }
        }
        return (suites.count, problems)
    }
}
