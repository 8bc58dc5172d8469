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

    /// The report of `verdicts` in `files`; `high` and `low` are the score thresholds in percent;
    /// `config` is how the run was made (its levels and tests, for a merge).
    package static func json(files: [File], verdicts: [MutantVerdict], config: [String: JSONValue] = [:], high: Int = 80, low: Int = 60) -> JSONValue {
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
        var report: [String: JSONValue] = [
            "schemaVersion": "2",
            "thresholds": .object(["high": .number(Double(high)), "low": .number(Double(low))]),
            "files": .object(filesJSON),
            "framework": .object(["name": "pyramid mutants"]),
        ]
        if !config.isEmpty { report["config"] = .object(config) }
        return .object(report)
    }

    /// The files and verdicts of a report this type wrote (it keeps each mutant's operator,
    /// original code and crash in properties of its own).
    ///
    /// - Throws: ``MutationReportError/unreadable(_:reason:)`` naming `path` and what is missing.
    package static func read(_ json: JSONValue, path: String) throws(MutationReportError) -> (files: [File], verdicts: [MutantVerdict]) {
        guard let files = json["files"]?.objectValue else { throw .unreadable(path, reason: "no files: not a mutation-testing report") }
        var read: [File] = []
        var verdicts: [MutantVerdict] = []
        for (name, entry) in files.sorted(by: { $0.key < $1.key }) {
            guard let source = entry["source"]?.stringValue, let mutants = entry["mutants"]?.arrayValue else {
                throw .unreadable(path, reason: "\(name) has no source or mutants")
            }
            read.append(File(path: name, source: source))
            for mutant in mutants {
                guard let id = mutant["id"]?.stringValue.flatMap({ Int($0) }),
                      let kind = mutant["operator"]?.stringValue.flatMap(MutationOperator.init(rawValue:)),
                      let status = mutant["status"]?.stringValue.flatMap(MutantStatus.init(rawValue:)),
                      let start = position(mutant["location"]?["start"]), let end = position(mutant["location"]?["end"]),
                      let original = mutant["original"]?.stringValue, let replacement = mutant["replacement"]?.stringValue
                else { throw .unreadable(path, reason: "\(name): a mutant lacks its id, operator, status, location, original or replacement") }
                let crashed = mutant["crashed"]?.boolValue ?? false
                var reason = mutant["statusReason"]?.stringValue
                if crashed, let text = reason {
                    reason = text == "crashed" ? nil : String(text.dropFirst("crashed: ".count))
                }
                verdicts.append(MutantVerdict(
                    mutant: Mutant(id: id, mutationOperator: kind, file: name, start: start, end: end, original: original, replacement: replacement),
                    status: status, killedBy: mutant["killedBy"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                    coveredBy: mutant["coveredBy"]?.arrayValue?.compactMap(\.stringValue), reason: reason, crashed: crashed,
                    milliseconds: mutant["duration"]?.doubleValue,
                    levels: (mutant["levels"]?.objectValue ?? [:]).compactMapValues { $0.stringValue.flatMap(MutantStatus.init(rawValue:)) }))
            }
        }
        return (read, verdicts.sorted { $0.mutant.id < $1.mutant.id })
    }

    private static func position(_ json: JSONValue?) -> SourcePosition? {
        guard let line = json?["line"]?.doubleValue, let column = json?["column"]?.doubleValue else { return nil }
        return SourcePosition(line: Int(line), column: Int(column))
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
            "operator": .string(mutant.mutationOperator.rawValue),
            "original": .string(mutant.original),
            "crashed": .bool(verdict.crashed),
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
