import Foundation
import PyramidIO

/// How a mapping's `response` is read: status, headers, the body in its four forms, delays, faults
/// and templates, as WireMock spells them.
extension MappingReader {
    mutating func readResponse(_ value: JSONValue) -> StubResponse? {
        guard case .object(let fields) = value else {
            invalid("response", "expected an object, found \(value.kindName)")
            return nil
        }
        let bodyKeys = ["body", "jsonBody", "base64Body", "bodyFileName"]
        unsupported(fields, known: Set(bodyKeys + [
            "status", "headers", "fixedDelayMilliseconds", "fault", "transformers", "chunkedDribbleDelay", "proxyBaseUrl",
            "additionalProxyRequestHeaders",
        ]), at: "response.")
        var response = StubResponse()
        if let raw = fields["proxyBaseUrl"] {
            response.proxy = readProxy(raw, headers: fields["additionalProxyRequestHeaders"])
            if let body = bodyKeys.first(where: { fields[$0] != nil }) {
                invalid("response.\(body)", "a response with proxyBaseUrl is the real server's; it has no body of its own")
            }
        } else if fields["additionalProxyRequestHeaders"] != nil {
            invalid("response.additionalProxyRequestHeaders", "only means something with proxyBaseUrl")
        }
        if let raw = fields["status"], let status = integer(raw, at: "response.status", minimum: 100) {
            if status > 599 { invalid("response.status", "\(status) is not an HTTP status (100…599)") }
            response.status = status
        }
        if let raw = fields["headers"] {
            if case .object(let headers) = raw {
                for name in headers.keys.sorted() {
                    switch headers[name] {
                    case .string(let text)?: response.headers.add(name, text)
                    case .array(let values)?:
                        for element in values {
                            if let text = string(element, at: "response.headers.\(name)") { response.headers.add(name, text) }
                        }
                    case let other?: invalid("response.headers.\(name)", "expected a string or an array of strings, found \(other.kindName)")
                    case nil: break
                    }
                }
            } else {
                invalid("response.headers", "expected an object, found \(raw.kindName)")
            }
        }

        let given = bodyKeys.filter { fields[$0] != nil }
        if given.count > 1 {
            invalid("response", "give one of \(given.joined(separator: ", ")), not several")
        } else if let key = given.first, let raw = fields[key] {
            switch key {
            case "jsonBody": response.body = .json(raw)
            case "body": if let text = string(raw, at: "response.body") { response.body = .text(text) }
            case "base64Body":
                if let text = string(raw, at: "response.base64Body") {
                    if let bytes = Data(base64Encoded: text) { response.body = .data(bytes) } else { invalid("response.base64Body", "not valid base64") }
                }
            default:
                if let name = string(raw, at: "response.bodyFileName") { response.body = bodyFile(name) ?? .empty }
            }
        }

        if let raw = fields["fixedDelayMilliseconds"], let milliseconds = integer(raw, at: "response.fixedDelayMilliseconds", minimum: 0) {
            response.delay = .milliseconds(milliseconds)
        }
        if let raw = fields["fault"], let name = string(raw, at: "response.fault") {
            switch name {
            case "CONNECTION_RESET_BY_PEER": response.fault = .connectionReset
            case "EMPTY_RESPONSE": response.fault = .emptyResponse
            case "MALFORMED_RESPONSE_CHUNK": response.fault = .malformedChunk
            case "RANDOM_DATA_THEN_CLOSE": issue("response.fault \"RANDOM_DATA_THEN_CLOSE\"", .unsupported)
            default: invalid("response.fault", "unknown fault \(Markup.jsonString(name))")
            }
        }
        if let raw = fields["chunkedDribbleDelay"] {
            if case .object(let dribble) = raw {
                unsupported(dribble, known: ["numberOfChunks", "totalDuration"], at: "response.chunkedDribbleDelay.")
                let chunks = dribble["numberOfChunks"].flatMap { integer($0, at: "response.chunkedDribbleDelay.numberOfChunks", minimum: 1) }
                let total = dribble["totalDuration"].flatMap { integer($0, at: "response.chunkedDribbleDelay.totalDuration", minimum: 0) }
                if let chunks, let total {
                    if response.fault != nil { invalid("response.chunkedDribbleDelay", "cannot be combined with fault") }
                    response.fault = .chunkedDribble(chunks: chunks, over: .milliseconds(total))
                } else if dribble["numberOfChunks"] == nil || dribble["totalDuration"] == nil {
                    invalid("response.chunkedDribbleDelay", "needs numberOfChunks and totalDuration")
                }
            } else {
                invalid("response.chunkedDribbleDelay", "expected an object, found \(raw.kindName)")
            }
        }
        if let raw = fields["transformers"] {
            if case .array(let names) = raw {
                for (position, element) in names.enumerated() {
                    if element == .string("response-template") {
                        response.isTemplated = true
                    } else if let name = element.stringValue {
                        issue("response.transformers[\(position)] \(Markup.jsonString(name))", .unsupported)
                    } else {
                        invalid("response.transformers[\(position)]", "expected a string, found \(element.kindName)")
                    }
                }
            } else {
                invalid("response.transformers", "expected an array, found \(raw.kindName)")
            }
        }
        if response.isTemplated { checkTemplates(response) }
        return response
    }

    /// `proxyBaseUrl`: an absolute http or https URL; `additionalProxyRequestHeaders`: names to strings.
    mutating func readProxy(_ raw: JSONValue, headers rawHeaders: JSONValue?) -> StubProxy? {
        guard let text = string(raw, at: "response.proxyBaseUrl") else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            invalid("response.proxyBaseUrl", "\(Markup.jsonString(text)) is not an absolute http or https URL")
            return nil
        }
        var proxy = StubProxy(baseURL: url)
        guard let rawHeaders else { return proxy }
        guard case .object(let headers) = rawHeaders else {
            invalid("response.additionalProxyRequestHeaders", "expected an object, found \(rawHeaders.kindName)")
            return proxy
        }
        for name in headers.keys.sorted() {
            if let value = headers[name].flatMap({ string($0, at: "response.additionalProxyRequestHeaders.\(name)") }) {
                proxy.additionalRequestHeaders.add(name, value)
            }
        }
        return proxy
    }

    mutating func bodyFile(_ name: String) -> ResponseBody? {
        guard let filesDirectory else {
            invalid("response.bodyFileName", "no __files directory was given to resolve \(Markup.jsonString(name))")
            return nil
        }
        if name.hasPrefix("/") || name.split(separator: "/").contains("..") {
            invalid("response.bodyFileName", "\(Markup.jsonString(name)) must stay inside the __files directory")
            return nil
        }
        let path = URL(fileURLWithPath: filesDirectory).appendingPathComponent(name).path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            invalid("response.bodyFileName", "no file at \(path)")
            return nil
        }
        return .file(path)
    }

    mutating func checkTemplates(_ response: StubResponse) {
        var texts: [(String, String)] = response.headers.map { ("response.headers.\($0.name)", $0.value) }
        switch response.body {
        case .text(let text): texts.append(("response.body", text))
        case .json(let json): texts.append(("response.jsonBody", json.compactText))
        default: break
        }
        for (field, text) in texts {
            do throws(ResponseTemplateError) {
                _ = try ResponseTemplate(text)
            } catch {
                invalid(field, "template \(error)")
            }
        }
    }
}
