import Foundation
package import LoopbackServer
import PNGCodec
import PyramidIO
@_spi(PyramidTools) package import VisualTestingCore

/// The review server's behaviour, apart from sockets: the gallery with Approve and
/// Reject, the images it links to, and the decisions.
///
/// Reads are limited to PNG files inside the root and to the artifacts the run
/// report names (by number, never by a client's path). Every request needs a Host of
/// 127.0.0.1 or localhost, and the token: a read takes it from the URL (`?token=…`, which
/// answers with a cookie holding it, so the page's images and later visits need no token
/// in their URLs) or from that cookie; a change takes it in the `X-Pyramid-Token` header,
/// so another web page cannot make one. Another local user's process cannot list the
/// snapshots.
package actor ReviewService {
    /// The secret printed at start; the page sends it back as `X-Pyramid-Token`.
    package nonisolated let token: String
    /// The cookie that carries the token for reads: one name per port, since browsers keep
    /// 127.0.0.1's cookies for every port alike.
    package static func cookieName(port: Int) -> String { "pyramid-review-\(port)" }
    package nonisolated let root: SnapshotRoot
    /// The largest request body accepted.
    package static let bodyLimit = 64 * 1024

    let report: RunReport?
    /// Results whose reference lies inside the root, by root-relative path.
    let results: [String: SnapshotResult]
    /// Artifact files the report names, served as `/artifacts/N`.
    let artifacts: [String]
    var decisions: [String: GalleryDecision] = [:]

    package init(root: String, report: RunReport?, token: String = ReviewService.randomToken()) throws(ReviewError) {
        self.root = try SnapshotRoot(root)
        self.report = report
        self.token = token
        var results: [String: SnapshotResult] = [:]
        var artifacts: [String] = []
        for result in report?.results ?? [] {
            if let id = self.root.relative(result.reference) { results[id] = result }
            for path in [result.artifacts?.reference, result.artifacts?.actual, result.artifacts?.diff].compactMap({ $0 }) where !artifacts.contains(path) {
                artifacts.append(path)
            }
        }
        self.results = results
        self.artifacts = artifacts
    }

    /// 32 random bytes as hex.
    package static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// What each image was decided to be, by root-relative path.
    package var currentDecisions: [String: GalleryDecision] { decisions }

    /// Answers one request. `port` is the server's, for the Host check.
    package func handle(_ request: ReviewRequest, port: Int) -> ServerResponse {
        do {
            return try answer(request, port: port)
        } catch {
            return .error(error)
        }
    }

    /// Checks the Host, then the token (see the type's description), then routes.
    private func answer(_ request: ReviewRequest, port: Int) throws(ReviewError) -> ServerResponse {
        let hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
        guard let host = request.headers["host"], hosts.contains(host.lowercased()) else {
            throw .forbidden("requests must be addressed to 127.0.0.1:\(port)")
        }
        guard let path = request.path else { throw .badRequest("the request path is not valid percent-encoding") }
        if request.method == "GET" || request.method == "HEAD" {
            var response = try read(request, path: path, port: port)
            if tokenInQuery(request) {
                response.headers.append(("Set-Cookie", "\(Self.cookieName(port: port))=\(token); Path=/; SameSite=Strict"))
            }
            return response
        }
        return try route(request, path: path, hosts: hosts)
    }

    /// A read, once its token is checked: in the URL's query, or in the cookie the first
    /// authenticated read set.
    private func read(_ request: ReviewRequest, path: String, port: Int) throws(ReviewError) -> ServerResponse {
        let cookie = request.headers["cookie"].flatMap { header in
            header.split(separator: ";").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix(Self.cookieName(port: port) + "=") }
                .map { String($0.dropFirst(Self.cookieName(port: port).count + 1)) }
        }
        guard let sent = queryToken(request) ?? cookie, !sent.isEmpty else {
            throw .forbidden("reading needs the token printed at start: open the URL pyramid review printed (http://127.0.0.1:\(port)/?token=…)")
        }
        guard isToken(sent) else { throw .forbidden("wrong token") }
        return try route(request, path: path, hosts: ["127.0.0.1:\(port)", "localhost:\(port)"])
    }

    private func queryToken(_ request: ReviewRequest) -> String? {
        guard let query = request.target.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
        return URLComponents(string: "?" + query)?.queryItems?.first { $0.name == "token" }?.value
    }

    private func tokenInQuery(_ request: ReviewRequest) -> Bool {
        queryToken(request).map(isToken) ?? false
    }

    private func route(_ request: ReviewRequest, path: String, hosts: [String]) throws(ReviewError) -> ServerResponse {
        switch path {
        case "/", "/index.html":
            try require(request, methods: ["GET", "HEAD"])
            return ServerResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(try gallery().utf8))
        case "/approve", "/reject":
            try require(request, methods: ["POST"])
            if let origin = request.headers["origin"], !hosts.map({ "http://" + $0 }).contains(origin.lowercased()) {
                throw .forbidden("changes are accepted only from the review page, not from \(origin)")
            }
            try checkToken(request)
            guard request.headers["content-type"]?.lowercased().hasPrefix("application/json") == true else {
                throw .unsupportedMediaType("a decision is a JSON body: {\"file\": \"…\"} or {\"view\": \"…\"}")
            }
            let targets = try targets(of: request.body)
            let decided = try path == "/approve" ? approve(targets) : reject(targets)
            return .json(200, ["files": decided, "decision": path == "/approve" ? "approved" : "rejected"])
        default:
            if path.hasPrefix("/files/") {
                try require(request, methods: ["GET", "HEAD"])
                let relative = String(path.dropFirst("/files/".count))
                guard relative.hasSuffix(".png") else { throw .notFound("only PNG images are served: \(relative)") }
                return try file(at: root.resolve(relative, mustExist: true), named: relative)
            }
            if path.hasPrefix("/artifacts/") {
                try require(request, methods: ["GET", "HEAD"])
                guard let index = Int(path.dropFirst("/artifacts/".count)), artifacts.indices.contains(index) else {
                    throw .notFound("no such artifact: \(path)")
                }
                return try file(at: artifacts[index], named: path)
            }
            throw .notFound("no such page: \(path)")
        }
    }

    private func require(_ request: ReviewRequest, methods: [String]) throws(ReviewError) {
        guard methods.contains(request.method) else { throw .methodNotAllowed(method: request.method, allowed: methods) }
    }

    private func checkToken(_ request: ReviewRequest) throws(ReviewError) {
        guard let sent = request.headers["x-pyramid-token"], !sent.isEmpty else {
            throw .forbidden("a change needs the token printed at start, in the X-Pyramid-Token header")
        }
        guard isToken(sent) else { throw .forbidden("wrong token") }
    }

    /// Whether `sent` is the token, comparing every byte, so the time taken does not tell how
    /// much matched.
    private func isToken(_ sent: String) -> Bool {
        let expected = Array(token.utf8), given = Array(sent.utf8)
        var difference = expected.count ^ given.count
        for index in 0..<min(expected.count, given.count) { difference |= Int(expected[index] ^ given[index]) }
        return difference == 0
    }

    private func file(at path: String, named name: String) throws(ReviewError) -> ServerResponse {
        guard let data = FileManager.default.contents(atPath: path) else { throw .notFound("cannot read \(name)") }
        return ServerResponse(status: 200, headers: [("Content-Type", "image/png"), ("Cache-Control", "no-store")], body: Array(data))
    }

    /// The images a body names: one file, or every image under review in one view's folder.
    private func targets(of body: [UInt8]) throws(ReviewError) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw .badRequest("the body is not a JSON object: expected {\"file\": \"…\"} or {\"view\": \"…\"}")
        }
        if let file = object["file"] as? String {
            _ = try SnapshotRoot.components(of: file)
            guard results[file] != nil else { throw .notFound("no image under review at \(file)") }
            return [file]
        }
        if let view = object["view"] as? String {
            _ = try SnapshotRoot.components(of: view)
            // A view's changes: cells with an actual image to take (not new or recorded ones).
            let files = results.filter { id, result in
                Self.needsReview(result) && Self.folder(of: id, result: result) == view
            }.keys.sorted()
            guard !files.isEmpty else { throw .notFound("no image under review in \(view)") }
            return files
        }
        throw .badRequest("the body names neither \"file\" nor \"view\"")
    }

    static func needsReview(_ result: SnapshotResult) -> Bool {
        [.failed, .missing, .error].contains(result.outcome) && result.artifacts?.actual != nil
    }

    /// The manifest folder of a result, root-relative.
    static func folder(of id: String, result: SnapshotResult) -> String {
        SnapshotLayout.manifestFolder(reference: id, file: result.file)
    }

    private func reject(_ files: [String]) -> [String] {
        for file in files { decisions[file] = .rejected }
        return files
    }

    /// Replaces each reference with its actual image and records it in the manifest.
    /// Every image is checked before any is written, so a bad one changes nothing.
    private func approve(_ files: [String]) throws(ReviewError) -> [String] {
        var writes: [(file: String, destination: String, folder: String, bytes: Data, result: SnapshotResult)] = []
        for file in files {
            let result = results[file]!
            guard let actual = result.artifacts?.actual else {
                throw .conflict("\(file) has no actual image to approve (the run's outcome was \(result.outcome.rawValue))")
            }
            guard let bytes = FileManager.default.contents(atPath: actual) else {
                throw .conflict("the actual image of \(file) is gone: \(actual)")
            }
            do {
                _ = try PNGDecoder().decode(Array(bytes), file: actual)
            } catch {
                throw .unprocessable("the actual image of \(file) is not a valid PNG (\(actual)): \(error)")
            }
            let destination = try root.resolve(file, mustExist: false)
            let folder = Self.folder(of: file, result: result)
            writes.append((file, destination, folder, bytes, result))
        }
        for write in writes {
            do {
                try FileManager.default.createDirectory(
                    atPath: URL(fileURLWithPath: write.destination).deletingLastPathComponent().path, withIntermediateDirectories: true)
                try AtomicFile.write(write.bytes, to: write.destination)
                let folderPath = root.path + "/" + write.folder
                let existing = try? ManifestStore.read(folderPath + "/manifest.json").states[write.result.state]
                try ManifestStore.record(
                    name: write.result.name, type: write.result.type, state: write.result.state,
                    inNavigation: existing?.inNavigation ?? false, disableAnimations: existing?.disableAnimations ?? false,
                    entries: [SnapshotEntry(cell: write.result.cell, file: write.result.file)],
                    in: folderPath)
            } catch {
                throw .writeFailed("could not approve \(write.file): \(error)")
            }
            decisions[write.file] = .approved
        }
        return writes.map(\.file)
    }

    /// The gallery page with Approve and Reject, and decisions so far.
    func gallery() throws(ReviewError) -> String {
        var publication: SnapshotPublication
        do {
            publication = try SnapshotPublication(root: root.path, report: report)
        } catch {
            throw .writeFailed("the catalog could not be built: \(error)")
        }
        for index in publication.items.indices {
            guard let decision = decisions[publication.items[index].id] else { continue }
            publication.items[index].decision = decision
            if decision == .approved {
                publication.items[index].status = .passed
                publication.items[index].reference = root.path + "/" + publication.items[index].id
            }
        }
        let root = self.root
        let artifactIndex = Dictionary(artifacts.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let links = GalleryLinks { path in
            if let index = artifactIndex[path] { return "/artifacts/\(index)" }
            if let relative = root.relative(path) {
                return "/files/" + GalleryLinks.urlPath(relative)
            }
            return ""
        }
        do {
            return try publication.galleryHTML(links: links, review: GalleryReview(), title: "Snapshot Review")
        } catch {
            throw .writeFailed("the gallery could not be made: \(error)")
        }
    }
}
