import Foundation
import SnapshotReview
import Testing

@Suite("Snapshot root confinement")
struct SnapshotRootTests {
    @Test("resolves files inside the root", arguments: [ReviewFixture.light, ReviewFixture.dark])
    func inside(_ id: String) throws {
        let fixture = try ReviewFixture()
        let root = try SnapshotRoot(fixture.root)
        #expect(try root.resolve(id, mustExist: true) == root.path + "/" + id)
        #expect(root.relative(fixture.root + "/" + id) == id)
    }

    @Test("refuses every spelling that leaves the root", arguments: [
        "../outside/secret.png", "Settings/../../outside/secret.png", "/etc/passwd", "./Settings/Phone/loaded.light_en.png",
        "Settings//Phone/loaded.light_en.png", "Settings\\Phone", "Settings/\0x.png", "", "link.png", "out/secret.png",
    ])
    func hostile(_ path: String) throws {
        let fixture = try ReviewFixture()
        let root = try SnapshotRoot(fixture.root)
        let error = #expect(throws: ReviewError.self) { try root.resolve(path, mustExist: false) }
        #expect(error?.status == 400, "\(String(describing: error))")
        #expect(throws: ReviewError.self) { try root.resolve(path, mustExist: true) }
    }

    @Test("a missing file is 404 when it must exist, and allowed when it may be created")
    func missing() throws {
        let fixture = try ReviewFixture()
        let root = try SnapshotRoot(fixture.root)
        #expect(throws: ReviewError.notFound("no such file in the snapshot root: Settings/Tablet/new.png")) {
            try root.resolve("Settings/Tablet/new.png", mustExist: true)
        }
        #expect(try root.resolve("Settings/Tablet/new.png", mustExist: false) == root.path + "/Settings/Tablet/new.png")
        #expect(throws: ReviewError.self) { try root.resolve("Settings/Phone", mustExist: true) }
        #expect(root.relative(fixture.outside + "/secret.png") == nil)
    }

    @Test("a root that does not exist is an error naming it")
    func badRoot() {
        #expect(throws: ReviewError.notFound("the snapshot root /nonexistent/pyramid does not exist")) {
            try SnapshotRoot("/nonexistent/pyramid")
        }
    }
}
