import Foundation
import PyramidIO
public import Testing
import TraitSupport

/// A trait that keeps the evidence of a failed UI test: for every ``UIApp`` the test made,
/// the screen as PNG, the page source (web) or accessibility tree (Apple), and the console.
///
/// It exists because a UI test fails far from its cause: the assertion that trips sees only
/// its own element, and the screen has moved on by the time anyone looks. Attached at the
/// moment the test ends, the three files show what the app showed, what it was made of, and
/// what it logged. Combine it with `.httpStubs` to get the stub journal too.
///
/// ```swift
/// @Test(.uiArtifacts) func login() async throws {
///     let app = UIApp(driver: WebUIDriver(session: session, url: loginURL))
///     …
/// }
/// ```
public struct UIArtifactsTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        let shelf = ArtifactShelf()
        let body = await watchFailures(of: test, testCase: testCase) {
            try await ArtifactShelf.$current.withValue(shelf) { try await function() }
        }
        if body.failed {
            await shelf.attachEvidence()
        }
        if let thrown = body.thrown, let location = shelf.location(of: thrown) {
            // Swift Testing would record the error at the `@Test` line; the trait records it at
            // the element call that threw it, and does not throw it again.
            Issue.record(thrown, sourceLocation: location)
            return
        }
        try body.rethrow()
    }
}

extension Trait where Self == UIArtifactsTrait {
    /// Attaches the screen, the source and the console of every app when the test fails. See ``UIArtifactsTrait``.
    public static var uiArtifacts: Self { UIArtifactsTrait() }
}

/// The apps a test under ``UIArtifactsTrait`` made, in order.
final class ArtifactShelf: Sendable {
    @TaskLocal static var current: ArtifactShelf?

    private let apps = Locked<[UIApp]>([])
    private let thrownAt = Locked<(error: String, location: SourceLocation)?>(nil)

    /// Notes where an element call threw `error`.
    func noteThrow(_ error: any Error, at location: SourceLocation) {
        let description = String(describing: error)
        // The innermost call sees the error first; keep it as the error climbs out.
        thrownAt.withValue { current in if current?.error != description { current = (description, location) } }
    }

    /// Where an element call threw `error`, when one did.
    func location(of error: any Error) -> SourceLocation? {
        guard let noted = thrownAt.value, noted.error == String(describing: error) else { return nil }
        return noted.location
    }

    func keep(_ app: UIApp) {
        apps.withValue { $0.append(app) }
    }

    /// Attaches each app's screen, source and console; what cannot be had is said in a note.
    func attachEvidence() async {
        let apps = apps.value
        for (index, app) in apps.enumerated() {
            let prefix = apps.count == 1 ? "failure" : "failure-app\(index + 1)"
            await app.attachScreen(named: prefix + "-screen")
            do {
                Attachment.record(try await app.driver.source(), named: prefix + "-source.txt")
            } catch {
                Attachment.record("no source: \(error)", named: prefix + "-source.txt")
            }
            do {
                let console = try await app.driver.consoleMessages()
                Attachment.record(console.isEmpty ? "(nothing logged)" : console.joined(separator: "\n"), named: prefix + "-console.txt")
            } catch {
                Attachment.record("no console: \(error)", named: prefix + "-console.txt")
            }
        }
    }
}
