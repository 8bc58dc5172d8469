import Foundation

/// WireMock's JSON Schema for mapping files (`../shared/peer-data/wiremock`), checked with
/// Python's `jsonschema` (installed by `scripts/test`): an oracle we did not write.
package enum WireMockSchema {
    /// The schema file, or nil when the shared data is absent.
    package static var path: String? { PeerData.path("wiremock/wiremock-stub-mapping-or-mappings.json") }

    /// Each file of `files` that does not validate, with `jsonschema`'s first complaints.
    package static func problems(in files: [String]) async throws -> [String] {
        guard let schema = path else { return ["WireMock's schema (../shared/peer-data/wiremock) is absent"] }
        guard !files.isEmpty else { return ["no mapping file to check"] }
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
