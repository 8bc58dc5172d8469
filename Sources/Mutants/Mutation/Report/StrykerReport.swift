package import PyramidJSON

/// Stryker's mutation-testing report (schema version 2), the JSON its HTML viewer and the
/// mutation-testing dashboards read: every file's source and its mutants with their verdicts.
/// The levels of the test pyramid go in each mutant as an extra property, `levels`.
package enum StrykerReport {
    /// A file of the report: its path (relative to the package) and its source as mutated.
    package struct File: Sendable {
        package var path: String
        package var source: String

        package init(path: String, source: String) {
            self.path = path
            self.source = source
        }
    }

    /// The report of `verdicts` in `files`; `high` and `low` are the score thresholds in percent.
    package static func json(files: [File], verdicts: [MutantVerdict], high: Int = 80, low: Int = 60) -> JSONValue {
        var byFile: [String: [MutantVerdict]] = [:]
        for verdict in verdicts { byFile[verdict.mutant.file, default: []].append(verdict) }
        var filesJSON: [String: JSONValue] = [:]
        for file in files {
            let mutants = (byFile[file.path] ?? []).sorted { $0.mutant.id < $1.mutant.id }
            filesJSON[file.path] = .object([
                "language": "swift",
                "source": .string(file.source),
                "mutants": .array(mutants.map(mutant)),
            ])
        }
        return .object([
            "schemaVersion": "2",
            "thresholds": .object(["high": .number(Double(high)), "low": .number(Double(low))]),
            "files": .object(filesJSON),
            "framework": .object(["name": "pyramid mutants"]),
        ])
    }

    private static func mutant(_ verdict: MutantVerdict) -> JSONValue {
        let mutant = verdict.mutant
        var fields: [String: JSONValue] = [
            "id": .string(String(mutant.id)),
            "mutatorName": .string(mutant.mutationOperator.mutatorName),
            "replacement": .string(mutant.replacement),
            "description": .string("\(mutant.original) → \(mutant.replacement.isEmpty ? "removed" : mutant.replacement)"),
            "location": .object([
                "start": .object(["line": .number(Double(mutant.start.line)), "column": .number(Double(mutant.start.column))]),
                "end": .object(["line": .number(Double(mutant.end.line)), "column": .number(Double(mutant.end.column))]),
            ]),
            "status": .string(verdict.status.rawValue),
            "killedBy": .array(verdict.killedBy.map(JSONValue.string)),
            "static": false,
        ]
        if let covered = verdict.coveredBy { fields["coveredBy"] = .array(covered.map(JSONValue.string)) }
        var reason = verdict.reason
        if verdict.crashed { reason = "crashed" + (reason.map { ": \($0)" } ?? "") }
        if let reason { fields["statusReason"] = .string(reason) }
        if let milliseconds = verdict.milliseconds { fields["duration"] = .number(milliseconds) }
        if !verdict.levels.isEmpty {
            fields["levels"] = .object(verdict.levels.mapValues { .string($0.rawValue) })
        }
        return .object(fields)
    }
}
