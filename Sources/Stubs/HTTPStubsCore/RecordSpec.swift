public import Foundation
import PyramidIO

/// How proxied exchanges become stubs: WireMock's record spec (the body of
/// `/__admin/recordings/start` and `/snapshot`), with its defaults, plus redaction.
public struct RecordSpec: Sendable {
    /// How a recorded request's body is matched.
    public enum BodyMatcher: Sendable, Hashable {
        /// By its content type: `equalToJson` for JSON, `equalTo` for other text, the bytes for the rest.
        case auto(ignoreArrayOrder: Bool, ignoreExtraElements: Bool, caseInsensitive: Bool)
        /// Always `equalTo`.
        case equalTo(caseInsensitive: Bool)
        /// Always `equalToJson` (a body that is not JSON falls back to `equalTo`).
        case equalToJSON(ignoreArrayOrder: Bool, ignoreExtraElements: Bool)
    }

    /// The real server, for a recording (`targetBaseUrl`); nil for a snapshot.
    public var targetBaseURL: URL?
    /// Only exchanges whose request fits this are recorded (`filters`; its `ids` are not supported).
    public var filter: RequestPattern?
    /// Request headers matched by the recorded stubs, by name, and whether case is ignored
    /// (`captureHeaders`). No other request header is written, `Authorization` and `Cookie`
    /// included; naming one here is asking for it.
    public var captureHeaders: [(name: String, caseInsensitive: Bool)]
    /// How request bodies are matched (`requestBodyPattern`); `auto` by default.
    public var requestBodyMatcher: BodyMatcher
    /// A text body over this many bytes goes to `__files` (`extractBodyCriteria.textSizeThreshold`).
    public var textSizeThreshold: Int
    /// A binary body over this many bytes goes to `__files` (`extractBodyCriteria.binarySizeThreshold`).
    public var binarySizeThreshold: Int
    /// Whether the stubs are written to the root directory and added to the server (`persist`).
    public var persist: Bool
    /// Whether a request seen again with another answer becomes a scenario, one step an
    /// answer (`repeatsAsScenarios`); else only its first answer is kept.
    public var repeatsAsScenarios: Bool
    /// Headers whose values are never written, in requests or responses (lower-cased names):
    /// `Set-Cookie` unless captured, and any given with `--redact`.
    public var redactedHeaders: Set<String>

    /// The text size over which a body goes to `__files` when the spec gives none.
    public static let defaultTextSizeThreshold = 10 * 1024

    /// WireMock's defaults: `auto` body matching, text over 10 KB and every binary body in
    /// `__files`, persisted, repeats as scenarios.
    public init(
        targetBaseURL: URL? = nil, filter: RequestPattern? = nil,
        captureHeaders: [(name: String, caseInsensitive: Bool)] = [],
        requestBodyMatcher: BodyMatcher = .auto(ignoreArrayOrder: true, ignoreExtraElements: true, caseInsensitive: false),
        textSizeThreshold: Int = RecordSpec.defaultTextSizeThreshold, binarySizeThreshold: Int = 0, persist: Bool = true,
        repeatsAsScenarios: Bool = true, redactedHeaders: Set<String> = []
    ) {
        self.targetBaseURL = targetBaseURL
        self.filter = filter
        self.captureHeaders = captureHeaders
        self.requestBodyMatcher = requestBodyMatcher
        self.textSizeThreshold = textSizeThreshold
        self.binarySizeThreshold = binarySizeThreshold
        self.persist = persist
        self.repeatsAsScenarios = repeatsAsScenarios
        self.redactedHeaders = Set(redactedHeaders.map { $0.lowercased() })
    }

    /// Whether `name`'s values are left out of what is written.
    package func isRedacted(_ name: String) -> Bool {
        let key = name.lowercased()
        if redactedHeaders.contains(key) { return true }
        return key == "set-cookie" && !captureHeaders.contains { $0.name.lowercased() == key }
    }

    /// Reads WireMock's record spec JSON. `needsTarget` is true for `/recordings/start`.
    ///
    /// - Throws: every field that is wrong or unsupported, each named.
    public static func decode(_ data: Data, source: String, needsTarget: Bool) throws(WireMockPatternError) -> RecordSpec {
        let value: JSONValue
        do throws(JSONParseError) {
            value = data.isEmpty ? .object([:]) : try JSONValue(parsing: data)
        } catch {
            throw WireMockPatternError(issues: [], parseError: WireMockFileError.invalidJSON(source: source, error))
        }
        var reader = MappingReader(source: source, index: 0, filesDirectory: nil)
        let spec = reader.readRecordSpec(value, needsTarget: needsTarget)
        guard reader.issues.isEmpty, let spec else { throw WireMockPatternError(issues: reader.issues, parseError: nil) }
        return spec
    }

    /// "2 kb", "1 Mb", "56 MB", "2048": a size in bytes (units of 1024), or nil.
    static func size(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let digits = trimmed.prefix { $0.isNumber || $0 == "." }
        guard let number = Double(digits), number >= 0 else { return nil }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        let scale: Double
        switch unit {
        case "", "b", "byte", "bytes": scale = 1
        case "k", "kb", "kib": scale = 1024
        case "m", "mb", "mib": scale = 1024 * 1024
        case "g", "gb", "gib": scale = 1024 * 1024 * 1024
        default: return nil
        }
        let bytes = number * scale
        return bytes < Double(Int.max) ? Int(bytes) : nil
    }
}

extension MappingReader {
    mutating func readRecordSpec(_ value: JSONValue, needsTarget: Bool) -> RecordSpec? {
        guard case .object(let fields) = value else {
            invalid("record spec", "expected an object, found \(value.kindName)")
            return nil
        }
        unsupported(fields, known: [
            "targetBaseUrl", "filters", "captureHeaders", "requestBodyPattern", "extractBodyCriteria", "persist", "repeatsAsScenarios",
            "outputFormat", "transformers", "transformerParameters",
        ], at: "")
        var spec = RecordSpec()
        if let raw = fields["targetBaseUrl"], let text = string(raw, at: "targetBaseUrl") {
            if let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil {
                spec.targetBaseURL = url
            } else {
                invalid("targetBaseUrl", "\(Markup.jsonString(text)) is not an absolute http or https URL")
            }
        } else if needsTarget, fields["targetBaseUrl"] == nil {
            invalid("targetBaseUrl", "a recording needs the real server's URL")
        }
        if let raw = fields["filters"] {
            if case .object(var filters) = raw {
                if filters.removeValue(forKey: "ids") != nil { issue("filters.ids", .unsupported) }
                filters.removeValue(forKey: "allowNonProxied")
                if !filters.isEmpty { spec.filter = readRequestPattern(.object(filters)) }
            } else {
                invalid("filters", "expected an object, found \(raw.kindName)")
            }
        }
        if let raw = fields["captureHeaders"] {
            if case .object(let headers) = raw {
                for name in headers.keys.sorted() {
                    guard case .object(let options)? = headers[name] else {
                        invalid("captureHeaders.\(name)", "expected an object such as {} or {\"caseInsensitive\": true}")
                        continue
                    }
                    unsupported(options, known: ["caseInsensitive"], at: "captureHeaders.\(name).")
                    let caseInsensitive = options["caseInsensitive"].flatMap { boolean($0, at: "captureHeaders.\(name).caseInsensitive") } ?? false
                    spec.captureHeaders.append((name, caseInsensitive))
                }
            } else {
                invalid("captureHeaders", "expected an object, found \(raw.kindName)")
            }
        }
        if let raw = fields["requestBodyPattern"] { spec.requestBodyMatcher = readBodyMatcher(raw) ?? spec.requestBodyMatcher }
        if let raw = fields["extractBodyCriteria"] {
            if case .object(let criteria) = raw {
                unsupported(criteria, known: ["textSizeThreshold", "binarySizeThreshold"], at: "extractBodyCriteria.")
                spec.textSizeThreshold = threshold(criteria["textSizeThreshold"], at: "extractBodyCriteria.textSizeThreshold") ?? 0
                spec.binarySizeThreshold = threshold(criteria["binarySizeThreshold"], at: "extractBodyCriteria.binarySizeThreshold") ?? 0
            } else {
                invalid("extractBodyCriteria", "expected an object, found \(raw.kindName)")
            }
        }
        if let raw = fields["persist"], let persist = boolean(raw, at: "persist") { spec.persist = persist }
        if let raw = fields["repeatsAsScenarios"], let repeats = boolean(raw, at: "repeatsAsScenarios") { spec.repeatsAsScenarios = repeats }
        if let raw = fields["outputFormat"], let format = string(raw, at: "outputFormat"), format != "FULL" {
            issue("outputFormat \(Markup.jsonString(format))", .unsupported)
        }
        if let transformers = fields["transformers"]?.arrayValue, !transformers.isEmpty { issue("transformers", .unsupported) }
        return spec
    }

    private mutating func readBodyMatcher(_ raw: JSONValue) -> RecordSpec.BodyMatcher? {
        guard case .object(let options) = raw else {
            invalid("requestBodyPattern", "expected an object, found \(raw.kindName)")
            return nil
        }
        unsupported(options, known: ["matcher", "ignoreArrayOrder", "ignoreExtraElements", "caseInsensitive"], at: "requestBodyPattern.")
        func flag(_ name: String, _ fallback: Bool) -> Bool {
            options[name].flatMap { boolean($0, at: "requestBodyPattern.\(name)") } ?? fallback
        }
        let matcher = options["matcher"].flatMap { string($0, at: "requestBodyPattern.matcher") } ?? "auto"
        switch matcher {
        case "auto":
            return .auto(
                ignoreArrayOrder: flag("ignoreArrayOrder", true), ignoreExtraElements: flag("ignoreExtraElements", true),
                caseInsensitive: flag("caseInsensitive", false))
        case "equalTo": return .equalTo(caseInsensitive: flag("caseInsensitive", false))
        case "equalToJson": return .equalToJSON(ignoreArrayOrder: flag("ignoreArrayOrder", true), ignoreExtraElements: flag("ignoreExtraElements", true))
        case "equalToXml":
            issue("requestBodyPattern.matcher \"equalToXml\"", .unsupported)
            return nil
        default:
            invalid("requestBodyPattern.matcher", "\(Markup.jsonString(matcher)) is not auto, equalTo, equalToJson or equalToXml")
            return nil
        }
    }

    private mutating func threshold(_ raw: JSONValue?, at field: String) -> Int? {
        guard let raw else { return nil }
        let text: String
        switch raw {
        case .string(let value): text = value
        case .number(let value): text = String(value)
        default:
            invalid(field, "expected a size such as \"2 kb\", found \(raw.kindName)")
            return nil
        }
        guard let bytes = RecordSpec.size(text) else {
            invalid(field, "\(Markup.jsonString(text)) is not a size (bytes, or a number with kb, mb or gb)")
            return nil
        }
        return bytes
    }
}
