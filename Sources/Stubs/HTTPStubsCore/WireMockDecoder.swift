public import Foundation

/// Reads and writes WireMock's mapping JSON.
///
/// Supported, in a mapping: `id`/`uuid`, `name`, `priority`, `scenarioName`,
/// `requiredScenarioState`, `newScenarioState` (and the bookkeeping fields `persistent`,
/// `metadata`, `insertionIndex`, which do not affect matching).
/// - `request`: `method` (or `ANY`); one of `url`, `urlPath`, `urlPathPattern`, `urlPattern`,
///   `urlPathTemplate`; `queryParameters` and `headers` with `equalTo` (and `caseInsensitive`),
///   `contains`, `doesNotContain`, `matches`, `doesNotMatch`, `absent`; `bodyPatterns` with those
///   (but `absent`) and `binaryEqualTo`, `equalToJson` (with `ignoreArrayOrder`,
///   `ignoreExtraElements`), `matchesJsonPath` (JSONPath; plain or with `expression` and
///   a value matcher).
/// - `response`: `status`, `headers`, one of `body`/`jsonBody`/`base64Body`/`bodyFileName`,
///   `fixedDelayMilliseconds`, `fault` (`CONNECTION_RESET_BY_PEER`, `EMPTY_RESPONSE`,
///   `MALFORMED_RESPONSE_CHUNK`), `chunkedDribbleDelay`, and `transformers: ["response-template"]`
///   (see ``ResponseTemplate``).
///
/// Anything else is a ``WireMockIssue`` naming the field, and that mapping is skipped.
public enum WireMockMapping {
    /// Decodes a mapping file: one mapping object, or `{"mappings": [...]}`.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - source: The file's name, for issues ("mappings/articles.json").
    ///   - filesDirectory: WireMock's `__files` directory, where `bodyFileName` is resolved.
    public static func decode(_ data: Data, source: String, filesDirectory: String? = nil) throws(WireMockFileError) -> WireMockImport {
        let document: JSONValue
        do throws(JSONParseError) {
            document = try JSONValue(parsing: data)
        } catch {
            throw .invalidJSON(source: source, error)
        }
        guard case .object(let top) = document else {
            throw .notAMappingFile(source: source, reason: "the top level is \(document.kindName), not an object")
        }
        let mappings: [JSONValue]
        if let list = top["mappings"] {
            guard case .array(let elements) = list else {
                throw .notAMappingFile(source: source, reason: "\"mappings\" is \(list.kindName), not an array")
            }
            mappings = elements
        } else {
            mappings = [document]
        }
        var stubs: [Stub] = []
        var issues: [WireMockIssue] = []
        for (index, mapping) in mappings.enumerated() {
            var reader = MappingReader(source: source, index: index, filesDirectory: filesDirectory)
            let stub = reader.read(mapping)
            if reader.issues.isEmpty, let stub {
                stubs.append(stub)
            } else {
                issues.append(contentsOf: reader.issues)
            }
        }
        return WireMockImport(stubs: stubs, issues: issues)
    }

    /// Decodes a request pattern alone, as WireMock's admin API takes it
    /// (`POST /__admin/requests/count`): the `request` object of a mapping.
    ///
    /// Throws every issue found, each naming its field; `source` names where it came from.
    package static func decodeRequestPattern(_ data: Data, source: String) throws(WireMockPatternError) -> RequestPattern {
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONValue(parsing: data)
        } catch {
            throw WireMockPatternError(issues: [], parseError: WireMockFileError.invalidJSON(source: source, error))
        }
        var reader = MappingReader(source: source, index: 0, filesDirectory: nil)
        let pattern = reader.readRequestPattern(value)
        guard reader.issues.isEmpty, let pattern else { throw WireMockPatternError(issues: reader.issues, parseError: nil) }
        return pattern
    }
}

/// Why a request pattern could not be read: its JSON, or the issues in it.
public struct WireMockPatternError: Error, Sendable, CustomStringConvertible {
    /// Every field that is unsupported or wrong.
    package var issues: [WireMockIssue]
    /// Set when the text is not JSON at all.
    package var parseError: WireMockFileError?

    public var description: String {
        parseError?.description ?? issues.map(\.description).joined(separator: "; ")
    }
}
