import Foundation

/// A UI test that failed, as the gallery shows it: the screen at the step that failed, linked to
/// that step in the test's trace, so a reader goes from the picture to how the test got there.
package struct GalleryUIFailure: Sendable, Encodable, Equatable {
    /// The test, as Swift Testing identifies it.
    package var test: String
    /// The screen at the failed step (an absolute path; the page links it as its images), when
    /// the trace has one.
    package var screen: String?
    /// The trace's page (an absolute path); the gallery opens it at ``step``.
    package var trace: String
    /// The failed step's number in the trace.
    package var step: Int
    /// What the step did, as the trace names it: `tap() on app.buttons["login_button"]`.
    package var call: String
    /// Why it failed.
    package var error: String

    package init(test: String, screen: String?, trace: String, step: Int, call: String, error: String) {
        self.test = test
        self.screen = screen
        self.trace = trace
        self.step = step
        self.call = call
        self.error = error
    }

    /// The same failure with its screen and trace as the page links them, the trace opened at
    /// its step (`index.html#step-4`).
    func linked(_ links: GalleryLinks) -> GalleryUIFailure {
        var linked = self
        linked.screen = screen.map(links.url(for:))
        linked.trace = links.url(for: trace) + "#step-\(step)"
        return linked
    }
}
