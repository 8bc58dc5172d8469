import ChromiumRenderer
import Foundation
import Testing
import VisualTesting

// The README's web-page snapshot sample, compiled with the tests (README.md marks the block as
// an excerpt of this file). Not run: the suite is disabled.

private let loginHTML = "<main><label>Email <input type=email></label></main>"
private let pageURL = URL(fileURLWithPath: "/nonexistent/login-invalid-email.html")

@Suite(.disabled("the README's sample: compiled, not run"))
enum ReadmeWebPageSample {
    @SnapshotSuite("LoginView")
    struct LoginViewSnapshots {
        @Snapshot
        func empty() -> HTMLPage { HTMLPage(html: loginHTML) }             // markup, a file, or a loopback URL

        @Snapshot @InNavigation @WithoutAnimation
        func invalidEmail() -> HTMLPage { HTMLPage(contentsOf: pageURL) }

        @Test(arguments: Self.__snapshotCases)
        func snapshot(_ snapshotCase: SnapshotCase) async { await snapshotCase.run() }
    }
}
