import Foundation

/// JSON files checked against a JSON Schema (draft 7) by Python's `jsonschema` (installed by
/// `scripts/test`): an oracle we did not write, for the formats others define (WireMock's
/// mappings, Stryker's mutation-testing report).
package enum JSONSchemaCheck {
    /// Each file of `files` that does not validate against `schema`, with `jsonschema`'s first complaints.
    package static func problems(schema: String, files: [String]) async throws -> [String] {
        guard !files.isEmpty else { return ["no file to check"] }
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            validator = jsonschema.Draft7Validator(schema)
            for path in sys.argv[2:]:
                errors = list(validator.iter_errors(json.load(open(path))))
                if errors:
                    print(path + ": " + "; ".join(e.message[:300] for e in errors[:3]))
            """
        let run = try await Program.run("python3", ["-c", script, schema] + files)
        guard run.status == 0 else { return ["jsonschema did not run (status \(run.status)): \(run.stderr)"] }
        return run.stdout.split(separator: "\n").map(String.init)
    }
}
