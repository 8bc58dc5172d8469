import Foundation
import PyramidIO

/// Records a UI trace of what `body` does with its apps, in `folder`, whatever the mode: outside a
/// test (a script, a benchmark), or for part of a test, as Playwright's `tracing.start()` and
/// `tracing.stop(path:)` do.
///
/// Every launch, action and wait of a ``UIApp`` inside `body` becomes a step of the trace (see
/// ``UITraceTrait`` for what a step keeps). The folder is emptied first; `pyramid trace FOLDER`
/// writes its page. Inside a test, ``UITraceTrait`` is the usual way: it picks the folder and
/// keeps the trace as the mode says.
///
/// ```swift
/// try await withUITrace(in: ".build/traces/checkout", name: "checkout") {
///     try await app.launch()
///     try await app.buttons["checkout_button"].tap()
/// }
/// ```
///
/// - Throws: What `body` throws, or an error naming the folder and why when it cannot be made.
public func withUITrace<T>(
    in folder: String, name: String, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
) async throws -> T {
    let recorder = try UITraceRecorder(folder: folder, test: name)
    do {
        let value = try await UITraceRecorder.$current.withValue(recorder) { try await body() }
        await recorder.end()
        return value
    } catch {
        await recorder.end()
        throw error
    }
}
