import Foundation
import LivingSpec
import PyramidTestSupport
import Testing

/// What a history record says of the code it tested, read from a real repository.
@Suite("The revision a run tested")
struct GitRevisionTests {
    @Test("the commit, its time, the branch and whether the tree changed; a detached head has no branch; outside a repository, nothing")
    func revision() async throws {
        let folder = TemporaryFolder("pyramid-revision", create: true)
        let repository = folder.path("repo")
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        try "one\n".write(toFile: repository + "/file.txt", atomically: true, encoding: .utf8)
        let dated = ["GIT_COMMITTER_DATE": "1764000000 +0000", "GIT_AUTHOR_DATE": "1764000000 +0000"]
        for command in [["init", "-q", "-b", "feature/history"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one"]] {
            let run = try await Program.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", repository] + command, environment: dated)
            try #require(run.status == 0, "git \(command): \(run.stderr)")
        }
        let head = try await Program.run("git", ["-C", repository, "rev-parse", "HEAD"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)

        let clean = try #require(try await offThePool { GitRevision.of(repository) })
        #expect(clean == GitRevision(commit: head, dirty: false, commitTime: 1_764_000_000, branch: "feature/history"))

        try "two\n".write(toFile: repository + "/file.txt", atomically: true, encoding: .utf8)
        #expect(try await offThePool { GitRevision.of(repository) }?.dirty == true)

        _ = try await Program.run("git", ["-C", repository, "checkout", "-q", "--detach"])
        let detached = try await offThePool { GitRevision.of(repository) }
        #expect(detached?.commit == head && detached?.branch == nil)

        #expect(try await offThePool { GitRevision.of(folder.path("not-a-repository")) } == nil)
    }
}
