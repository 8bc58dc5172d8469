import Foundation
import PyramidIO
import TestEventStream

/// The living spec of one run, and the files it is written to.
public struct SpecDocument: Sendable {
    public var run: TestRun
    public var title: String

    public init(run: TestRun, title: String) {
        self.run = run
        self.title = title
    }

    /// Reads an event-stream file. Attachment paths in it that do not exist (the run happened
    /// elsewhere, or its folder moved) are looked up by file name in `attachmentsFolder`.
    public static func read(eventStream path: String, attachmentsFolder: String?, title: String) throws(SpecError) -> SpecDocument {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FileManager.default.fileExists(atPath: path) ? .eventStreamUnreadable(path: path) : .eventStreamMissing(path: path)
        }
        let run = EventStreamReader.read(data) { attachment in
            if let bytes = SmallFile.read(attachment) { return bytes }
            guard let attachmentsFolder else { return nil }
            let relocated = (attachmentsFolder as NSString).appendingPathComponent((attachment as NSString).lastPathComponent)
            return SmallFile.read(relocated)
        }
        return SpecDocument(run: run, title: title)
    }

    public var markdown: String { MarkdownSpec.render(run, title: title) }
    public var html: String { HTMLSpec.render(run, title: title) }
    public var junit: String { JUnitSpec.render(run, title: title) }

    /// Where each rendering goes; nil leaves it out.
    public struct Destinations: Sendable {
        public var markdown: String?
        public var html: String?
        public var junit: String?

        public init(markdown: String?, html: String?, junit: String?) {
            self.markdown = markdown
            self.html = html
            self.junit = junit
        }

        /// `spec.md`, `spec.html` and `junit.xml` in `folder`.
        public static func folder(_ folder: String) -> Destinations {
            let path = { (name: String) in (folder as NSString).appendingPathComponent(name) }
            return Destinations(markdown: path("spec.md"), html: path("spec.html"), junit: path("junit.xml"))
        }
    }

    /// Writes each rendering whole (a temporary file renamed into place), making folders as
    /// needed. Returns the paths written.
    @discardableResult
    public func write(to destinations: Destinations) throws(SpecError) -> [String] {
        var written: [String] = []
        var wanted: [(path: String, render: @Sendable (SpecDocument) -> String)] = []
        if let path = destinations.markdown { wanted.append((path, { $0.markdown })) }
        if let path = destinations.html { wanted.append((path, { $0.html })) }
        if let path = destinations.junit { wanted.append((path, { $0.junit })) }
        // The renderings are independent: make them on every core at once.
        let document = self
        let texts = parallelMap(wanted, workers: wanted.count) { $0.render(document) }
        for ((path, _), text) in zip(wanted, texts) {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw .cannotCreateFolder(path: folder, reason: FileError.describe(error))
                }
            }
            do {
                try AtomicFile.write(Data(text.utf8), to: path)
            } catch {
                throw .cannotWrite(error)
            }
            written.append(path)
        }
        return written
    }
}

