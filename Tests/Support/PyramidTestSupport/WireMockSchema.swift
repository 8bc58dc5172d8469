import Foundation

/// WireMock's JSON Schema for mapping files (`../shared/peer-data/wiremock`), checked with
/// Python's `jsonschema` (``JSONSchemaCheck``): an oracle we did not write.
package enum WireMockSchema {
    /// The schema file, or nil when the shared data is absent.
    package static var path: String? { PeerData.path("wiremock/wiremock-stub-mapping-or-mappings.json") }

    /// Each file of `files` that does not validate, with `jsonschema`'s first complaints.
    package static func problems(in files: [String]) async throws -> [String] {
        guard let schema = path else { return ["WireMock's schema (../shared/peer-data/wiremock) is absent"] }
        guard !files.isEmpty else { return ["no mapping file to check"] }
        return try await JSONSchemaCheck.problems(schema: schema, files: files)
    }
}
