import Foundation
import PyramidIO

extension StubResponse {
    /// Reads and templates the body and headers for `request`. Throws a reason in words.
    func resolve(for request: StubRequest, captures: [String: String]) throws(ResolutionError) -> ResolvedResponse {
        var bytes: Data
        switch body {
        case .empty: bytes = Data()
        case .data(let data): bytes = data
        case .text(let text): bytes = Data(text.utf8)
        case .json(let json): bytes = Data(json.compactText.utf8)
        case .file(let path):
            do {
                bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                // Foundation's message for a missing file is vague on Linux; the system's is not.
                let reason = access(path, R_OK) != 0 ? String(cString: strerror(errno)) : FileError.describe(error)
                throw ResolutionError(reason: "cannot read body file \(path): \(reason)")
            }
        }
        var headers = self.headers
        if isTemplated {
            func fill(_ text: String, _ what: String) throws(ResolutionError) -> String {
                do throws(ResponseTemplateError) {
                    return try ResponseTemplate(text).render(request: request, captures: captures)
                } catch {
                    throw ResolutionError(reason: "cannot template the \(what): \(error)")
                }
            }
            if !bytes.isEmpty {
                guard let text = String(data: bytes, encoding: .utf8) else {
                    throw ResolutionError(reason: "cannot template the body: it is not UTF-8")
                }
                bytes = Data(try fill(text, "body").utf8)
            }
            var filled = HTTPHeaders()
            for field in headers {
                filled.add(field.name, try fill(field.value, "header \(field.name)"))
            }
            headers = filled
        }
        return ResolvedResponse(status: status, headers: headers, body: bytes, delay: delay, fault: fault, proxy: proxy)
    }
}

/// Why a matched stub's response could not be made.
struct ResolutionError: Error {
    var reason: String
}
