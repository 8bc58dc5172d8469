import Foundation
import MockModel
import PyramidIO

/// The mock generator: reads Swift sources, finds the protocols annotated `/// @mockable`,
/// and writes a mock class (or actor) for each, in mockolo's shape.
///
/// A run reads every source, and stops there when the cache says nothing changed since
/// the last run; otherwise it parses the sources, resolves each annotated protocol's
/// parents, renders the mocks, and writes only the output files whose content changed.
public enum MockGenerator {
    /// Bumped whenever rendering changes, so caches from older versions are not trusted.
    static let version = "pyramid-mocks 2"

    /// Generates the mocks `request` describes.
    ///
    /// A protocol that does not parse or cannot be mocked is skipped with a warning in the
    /// report's ``MockGenerationReport/diagnostics``, and every other mock is still
    /// generated; so is a source file that is not UTF-8 text. Outputs are written
    /// atomically, each one only when its content changed.
    ///
    /// - Parameter request: The sources to read, the destination, and how to render the mocks.
    /// - Returns: What the run read, wrote, left unchanged or removed, and its warnings.
    /// - Throws: ``MockGenError/input(_:)`` when a source file cannot be read, and
    ///   ``MockGenError/output(_:)`` when an output cannot be written (outputs written
    ///   before it stay written); each message starts with the path.
    public static func run(_ request: MockGenerationRequest) throws(MockGenError) -> MockGenerationReport {
        var report = MockGenerationReport()
        var clock = PhaseClock()
        let contents = parallelMap(request.sources, workers: request.concurrency) { path in
            FileManager.default.contents(atPath: path)
        }
        var texts: [String: String] = [:]
        var hashes: [String: ContentHash] = [:]
        for (path, data) in zip(request.sources, contents) {
            guard let data else { throw .input("\(path): cannot be read") }
            guard let text = String(data: data, encoding: .utf8) else {
                report.diagnostics.append(MockDiagnostic(
                    location: MockDiagnostic.Location(file: path, line: 1), message: "not UTF-8 text; skipped"))
                continue
            }
            texts[path] = text
            // Hashes serve the cache only; a run without one skips them (2 ms a megabyte).
            if request.cacheDirectory != nil { hashes[path] = ContentHash(data: data) }
        }
        report.filesRead = texts.count
        report.phases.append(clock.lap("read"))

        var parentMocks: [ParentMock] = []
        var mockFileHashes: [ContentHash] = []
        for path in request.mockFiles {
            guard let data = FileManager.default.contents(atPath: path) else { throw .input("mock file \(path): cannot be read") }
            guard let text = String(data: data, encoding: .utf8) else { throw .input("mock file \(path): not UTF-8 text") }
            parentMocks += ParentMockReader.read(source: text)
            mockFileHashes += [ContentHash(path), ContentHash(data: data)]
        }

        let settings = settingsHash(request)
        let inputs = ContentHash.combine(
            request.sources.flatMap { [ContentHash($0), hashes[$0] ?? ContentHash(value: 0)] } + mockFileHashes)
        let cache = request.cacheDirectory.map { MockCache(directory: $0, destination: request.destination) }
        if let cache, let manifest = cache.load(), manifest.settings == settings, manifest.inputs == inputs,
           outputsIntact(manifest.outputs) {
            report.upToDate = true
            report.unchanged = manifest.outputs.keys.sorted()
            return report
        }

        let paths = request.sources.filter { texts[$0] != nil }
        let sourceTexts = texts
        let files = parallelMap(paths, workers: request.concurrency) { path in
            SourceFileReader.read(source: sourceTexts[path]!, path: path, annotation: request.annotation)
        }
        report.filesWithProtocols = files.filter { !$0.protocols.isEmpty }.count
        report.phases.append(clock.lap("parse"))
        for file in files { report.diagnostics += file.diagnostics }

        // Resolve and render.
        let resolver = MockResolver(files: files, parentMocks: parentMocks, mockClasses: request.options.mockClasses)
        let (plans, warnings) = resolver.plans { parallelMap($0, workers: request.concurrency, $1) }
        report.diagnostics += warnings
        report.mocks = plans.count
        let renderer = MockFileRenderer(options: request.options, plans: plans, parentMocks: parentMocks)
        var imports: [String: [ImportModel]] = [:]
        for file in files { imports[file.path] = file.imports }
        let outputs = renderOutputs(plans: plans, request: request, renderer: renderer, imports: imports, sources: paths)

        report.phases.append(clock.lap("render"))

        // Write what changed, remove what is no longer produced.
        var written: [String: ContentHash] = [:]
        var stamps: [String: MockCache.OutputStamp] = [:]
        for (path, bytes) in outputs {
            written[path] = request.cacheDirectory == nil ? ContentHash(value: 0) : ContentHash(bytes: bytes)
            if let existing = FileManager.default.contents(atPath: path), Self.same(existing, bytes) {
                report.unchanged.append(path)
                continue
            }
            do {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try AtomicFile.write(bytes, to: path)
            } catch {
                throw .output("\(path): cannot be written (\(error))")
            }
            report.written.append(path)
        }
        for (path, hash) in written {
            // An output that cannot be stat'ed is checked by content next time (size -1 never matches).
            stamps[path] = MockCache.OutputStamp.stat(path, hash: hash) ?? MockCache.OutputStamp(hash: hash, size: -1, modified: 0)
        }
        if request.perFile {
            report.removed = removeStaleOutputs(directory: request.destination, keeping: Set(outputs.map(\.path)))
        }
        report.phases.append(clock.lap("write"))
        if let cache {
            let manifest = MockCache.Manifest(version: MockCache.version, settings: settings, inputs: inputs, outputs: stamps)
            report.cacheWarning = cache.save(manifest)
            report.phases.append(clock.lap("cache"))
        }
        return report
    }

    /// Whether a file's content is `bytes`, compared in place.
    static func same(_ content: Data, _ bytes: [UInt8]) -> Bool {
        guard content.count == bytes.count else { return false }
        guard !bytes.isEmpty else { return true }
        return content.withUnsafeBytes { content in bytes.withUnsafeBytes { memcmp($0.baseAddress!, content.baseAddress!, $0.count) == 0 } }
    }

    /// Every output file and its UTF-8, in a stable order.
    static func renderOutputs(
        plans: [MockPlan], request: MockGenerationRequest, renderer: MockFileRenderer, imports: [String: [ImportModel]],
        sources: [String]
    ) -> [(path: String, bytes: [UInt8])] {
        guard request.perFile else {
            let mocks = parallelMap(plans, workers: request.concurrency) { renderer.renderMock($0) }
            return [(request.destination, renderer.assemble(plans, mocks: mocks, imports: imports))]
        }
        var byFile: [String: [MockPlan]] = [:]
        for plan in plans { byFile[plan.protocolModel.location.file, default: []].append(plan) }
        let root = commonDirectory(sources)
        let files = byFile.keys.sorted()
        let plansByFile = byFile
        return parallelMap(files, workers: request.concurrency) { file in
            let relative = String(file.dropFirst(root.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            let stem = (relative as NSString).deletingPathExtension
            let path = (request.destination as NSString).appendingPathComponent(stem + "Mocks.swift")
            return (path, renderer.renderFile(plansByFile[file]!, imports: imports))
        }
    }

    /// The deepest directory holding every path.
    static func commonDirectory(_ paths: [String]) -> String {
        guard var common = paths.first.map({ ($0 as NSString).deletingLastPathComponent }) else { return "" }
        for path in paths.dropFirst() {
            while !(path.hasPrefix(common + "/") || common == "/" || common.isEmpty) {
                common = (common as NSString).deletingLastPathComponent
            }
        }
        return common
    }

    /// Removes generated files under `directory` this run no longer produces; files we did
    /// not generate (no generated notice) are left alone.
    static func removeStaleOutputs(directory: String, keeping: Set<String>) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var removed: [String] = []
        for case let relative as String in enumerator where relative.hasSuffix("Mocks.swift") {
            let path = (directory as NSString).appendingPathComponent(relative)
            guard !keeping.contains(path),
                  let handle = FileHandle(forReadingAtPath: path)
            else { continue }
            let head = String(decoding: handle.readData(ofLength: 512), as: UTF8.self)
            try? handle.close()
            if head.contains(MockFileRenderer.generatedMarker), (try? FileManager.default.removeItem(atPath: path)) != nil {
                removed.append(path)
            }
        }
        return removed.sorted()
    }

    /// Whether every output is as the last run left it: the same size and modification
    /// time (a `stat`, no read), or failing that the same content.
    static func outputsIntact(_ outputs: [String: MockCache.OutputStamp]) -> Bool {
        outputs.allSatisfy { path, stamp in
            if let current = MockCache.OutputStamp.stat(path, hash: stamp.hash), current == stamp {
                return true
            }
            return FileManager.default.contents(atPath: path).map { ContentHash(data: $0) == stamp.hash } ?? false
        }
    }

    static func settingsHash(_ request: MockGenerationRequest) -> ContentHash {
        let options = request.options
        let parts: [String] = [
            version, request.annotation, request.perFile ? "per-file" : "single", request.destination,
            options.mockFinal ? "final" : "open", options.argumentsHistory ? "history" : "",
            options.header ?? "", options.testableImports.joined(separator: ","), options.customImports.joined(separator: ","),
            options.excludeImports.joined(separator: ","), options.allowSetCallCount ? "settable-counts" : "",
            options.macro ?? "", options.mockClasses ? "classes" : "", options.disableCombineDefaultValues ? "no-subjects" : "",
            options.useTemplateFunc ? "template-func" : "",
        ]
        return ContentHash(parts.joined(separator: "\u{1F}"))
    }
}

/// Measures consecutive phases of a run.
struct PhaseClock {
    private var last = DispatchTime.now().uptimeNanoseconds

    mutating func lap(_ name: String) -> (name: String, seconds: Double) {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { last = now }
        return (name, Double(now - last) / 1e9)
    }
}
