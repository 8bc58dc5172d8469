import Foundation
import HTTPStubsCore
import LoopbackServer

/// The admin API's upkeep routes: saving and importing mappings, and the server's own state.
extension AdminAPI {
    /// The version `/__admin/version` and `/__admin/health` report.
    static let version = "swift-pyramid 0.1.0"

    /// `POST /__admin/mappings/save`: every stub written to the root directory's `mappings/`, one
    /// file each, as a recording is (a stub with no WireMock form is an error naming it).
    func saveMappings() -> ServerResponse {
        guard let root = recorder.root else {
            return error(422, "this server has no root directory to save mappings in; start it with one")
        }
        do throws(StubRootError) {
            // Every stub is saved as it is, as WireMock saves them: none replaces another's file.
            try root.write(StubRecorder.Recording(stubs: registry.stubs, files: [], leftOut: [:]), replacingSameRequests: false)
        } catch {
            return self.error(500, error.description)
        }
        return json(200, [:])
    }

    /// `POST /__admin/mappings/import`: `{"mappings": […], "importOptions": {"duplicatePolicy":
    /// "OVERWRITE" | "IGNORE", "deleteAllNotInImport": bool}}`; nothing is imported when one
    /// mapping has an issue.
    func importMappings(_ body: Data) -> ServerResponse {
        let imported: WireMockImport
        do throws(WireMockFileError) {
            imported = try WireMockMapping.decode(body, source: "POST /__admin/mappings/import", filesDirectory: filesDirectory)
        } catch {
            return self.error(422, error.description)
        }
        guard imported.issues.isEmpty else { return errors(422, imported.issues.map(\.description)) }
        let options = (try? JSONValue(parsing: body))?["importOptions"]
        let policy = options?["duplicatePolicy"]?.stringValue ?? "OVERWRITE"
        guard policy == "OVERWRITE" || policy == "IGNORE" else {
            return error(422, "importOptions.duplicatePolicy: \(policy) is not OVERWRITE or IGNORE")
        }
        if options?["deleteAllNotInImport"]?.boolValue == true {
            let kept = Set(imported.stubs.map(\.id))
            for stub in registry.stubs where !kept.contains(stub.id) { registry.remove(stub.id) }
        }
        let existing = Set(registry.stubs.map(\.id))
        for stub in imported.stubs where !(policy == "IGNORE" && existing.contains(stub.id)) {
            registry.add(stub)
        }
        return json(200, [:])
    }

    /// `GET /__admin/health`, in WireMock's shape.
    func health() -> ServerResponse {
        let uptime = max(0, Int(Date().timeIntervalSince(started)))
        return json(200, [
            "status": "healthy", "message": "the stub server is ok", "version": .string(Self.version),
            "uptimeInSeconds": .number(Double(uptime)), "timestamp": .string(ISO8601DateFormatter().string(from: Date())),
        ])
    }
}
