@testable import SpecRunning
import Foundation
@testable import LivingSpec
import PyramidIO
import PyramidTestSupport
import Testing

@Suite("SwiftPM's lock on a build folder")
struct SwiftPMLockTests {
    @Test("taken by this process or one it runs under (as swift test does): a build of its own may ignore it; by another, it may not")
    func heldByAncestor() throws {
        let folder = TemporaryFolder("swiftpm-lock", create: true)
        #expect(!SwiftPMLock.isHeldByAncestor(scratch: folder.path), "no lock file")
        let lock = folder.path(".lock")
        try String(getppid()).write(toFile: lock, atomically: true, encoding: .utf8)
        #expect(SwiftPMLock.isHeldByAncestor(scratch: folder.path), "our parent took it")
        try String(getpid()).write(toFile: lock, atomically: true, encoding: .utf8)
        #expect(SwiftPMLock.isHeldByAncestor(scratch: folder.path), "this process took it")
        try "99999999".write(toFile: lock, atomically: true, encoding: .utf8)
        #expect(!SwiftPMLock.isHeldByAncestor(scratch: folder.path), "a process we do not run under took it")
        try "not a process\n".write(toFile: lock, atomically: true, encoding: .utf8)
        #expect(!SwiftPMLock.isHeldByAncestor(scratch: folder.path))
        let chain = ProcessTable.selfAndAncestors()
        #expect(chain.first == getpid() && chain.count >= 2 && chain[1] == getppid(), "\(chain)")
    }
}
