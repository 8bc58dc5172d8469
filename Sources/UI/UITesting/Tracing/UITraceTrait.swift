import Foundation
import UITrace
import PyramidIO
public import Testing
import TraitSupport

/// A trait that records a trace of a UI test: every launch, action and wait of its apps, with
/// where it was called, how long it took and how it ended, the screen before an action and after
/// each step, the page source and the console lines after it.
///
/// A failed UI test shows where it ended; its trace shows how it got there. The mode says when
/// a trace is kept (``UITraceMode``, as Playwright's `trace` option): by default the run's
/// `PYRAMID_UI_TRACE`, else only failures under CI. Traces go to `.build/pyramid-traces/`, a
/// folder a test (`PYRAMID_UI_TRACE_DIR` moves them). A kept trace gets its page (`index.html`,
/// as `pyramid trace` writes it), and the test an attachment, `ui-trace.html`, that opens it: the
/// living spec and the index link it.
///
/// ```swift
/// @Suite(.webBrowser, .uiTrace(.retainOnFailure))
/// struct LoginFlowUITests { … }
/// ```
public struct UITraceTrait: TestTrait, SuiteTrait, TestScoping {
    /// The mode this trait sets, or nil to take the run's.
    let mode: UITraceMode?
    /// Where traces go instead of the run's folder (for tests of the trait).
    var root: String?

    package init(mode: UITraceMode?, root: String? = nil) {
        self.mode = mode
        self.root = root
    }

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        let environment = ProcessInfo.processInfo.environment
        let mode = try self.mode ?? UITraceMode.from(environment: environment)
        let isRetry = environment["PYRAMID_RERUN_SINCE"].map { !$0.isEmpty } ?? false
        guard mode.records(isRetry: isRetry) else { return try await function() }
        let folder = (root ?? Self.root(in: environment)) + "/" + Self.folderName(for: test.id.description)
        let recorder = try UITraceRecorder(folder: folder, test: test.id.description)
        let body = await watchFailures(of: test, testCase: testCase) {
            try await UITraceRecorder.$current.withValue(recorder) { try await function() }
        }
        await recorder.end()
        if mode.keeps(failed: body.failed) {
            // The trace's page, written now, and an attachment that opens it: the living spec and
            // the index link every attachment, and this one leads to the page beside the trace.
            let page = (try? UITraceViewer.write(folder: folder)) ?? folder + "/" + UITraceViewer.fileName
            Attachment.record(Self.linkPage(to: page, test: test.id.description), named: Self.attachmentName)
        } else {
            try? FileManager.default.removeItem(atPath: folder)
        }
        try body.rethrow()
    }

    /// The name of the attachment that opens a kept trace's page.
    package static let attachmentName = "ui-trace.html"

    /// A page that opens the trace's page at `path` (from disk, absolute), and links it for a
    /// browser that does not follow the refresh.
    package static func linkPage(to path: String, test: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL.absoluteString
        return """
            <!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=\(Markup.escapeAttribute(url))">
            <title>UI trace: \(Markup.escape(test))</title></head>
            <body><p><a href="\(Markup.escapeAttribute(url))">UI trace of \(Markup.escape(test))</a>: its steps, screens, console and requests.</p></body></html>

            """
    }

    /// The folder traces go to: `PYRAMID_UI_TRACE_DIR`, else `.build/pyramid-traces`.
    package static func root(in environment: [String: String]) -> String {
        environment["PYRAMID_UI_TRACE_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? ".build/pyramid-traces"
    }

    /// A file name for a test id: letters, digits, `.`, `-` and `_` kept, anything else `_`, at
    /// most 80 of them, then the id's hash so two tests never share a folder.
    package static func folderName(for id: String) -> String {
        let safe = String(id.unicodeScalars.prefix(80).map { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar)) ? Character(scalar) : "_"
        })
        return safe + "-" + String(format: "%016llx", FNV1a.hash(Array(id.utf8)))
    }
}

extension Trait where Self == UITraceTrait {
    /// Records a trace of each UI test, kept as the run's mode says (`PYRAMID_UI_TRACE`; by
    /// default only failures, under CI). See ``UITraceTrait``.
    public static var uiTrace: Self { UITraceTrait(mode: nil) }

    /// Records a trace of each UI test, kept as `mode` says. See ``UITraceTrait``.
    public static func uiTrace(_ mode: UITraceMode) -> Self { UITraceTrait(mode: mode) }
}
