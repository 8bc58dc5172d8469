import Foundation
import PyramidTestSupport
@_spi(PyramidTools) import PyramidImage
import VisualTesting
@_spi(PyramidTools) import VisualTestingCore

/// A deterministic renderable: the background follows the theme, a band's colour
/// follows the locale, a bar's width follows the title, so every cell differs from
/// the others and the same inputs always give the same pixels.
struct TestScreen: SnapshotRenderable {
    var title: String
    /// When set, this pixel of every cell is painted magenta: a one-pixel change.
    var changedPixel: (x: Int, y: Int)?
    /// When set, cells of this theme fail to render.
    var failingTheme: SnapshotTheme?

    init(title: String, changedPixel: (x: Int, y: Int)? = nil, failingTheme: SnapshotTheme? = nil) {
        self.title = title
        self.changedPixel = changedPixel
        self.failingTheme = failingTheme
    }

    struct RenderFailure: Error, CustomStringConvertible {
        var description: String { "the test screen refuses this theme" }
    }

    func renderSnapshot(in environment: RenderEnvironment) async throws -> Bitmap {
        if environment.theme == failingTheme { throw RenderFailure() }
        return Self.draw(title: title, changedPixel: changedPixel, in: environment)
    }

    static func draw(title: String, changedPixel: (x: Int, y: Int)? = nil, in environment: RenderEnvironment) -> Bitmap {
        let width = Int(((environment.width ?? 24) * environment.scale).rounded())
        let height = Int(((environment.height ?? 16) * environment.scale).rounded())
        let background: RGBA = environment.theme == .dark ? RGBA(20, 20, 24) : RGBA(250, 250, 250)
        var bitmap = Bitmap(width: width, height: height, fill: background)
        let hash = environment.locale.unicodeScalars.reduce(7) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF }
        let band = RGBA(UInt8(hash & 0xFF), UInt8((hash >> 8) & 0xFF), 200)
        bitmap.fill(PixelRect(x: 0, y: 0, width: width, height: max(1, height / 4)), with: band)
        let bar = min(width, title.count * 2 + Int(environment.dynamicType.scale * 3))
        bitmap.fill(PixelRect(x: 0, y: height / 2, width: bar, height: max(1, height / 8)), with: RGBA(0, 122, 255))
        if let changedPixel, changedPixel.x < width, changedPixel.y < height {
            bitmap.fill(PixelRect(x: changedPixel.x, y: changedPixel.y, width: 1, height: 1), with: RGBA(255, 0, 255))
        }
        return bitmap
    }
}

/// Small devices so the matrix tests write tiny images.
extension SnapshotDevice {
    static let tinyPhone = SnapshotDevice(name: "TinyPhone", width: 20, height: 30, scale: 2)
    static let tinyTablet = SnapshotDevice(name: "TinyTablet", width: 32, height: 24, scale: 1)
}

extension SnapshotConfiguration {
    /// 2 devices × 2 themes × 2 locales = 8 cells of tiny images, exact comparison.
    static func tiny(in directory: String? = nil) -> SnapshotConfiguration {
        SnapshotConfiguration(
            devices: [.tinyPhone, .tinyTablet], precision: 1, perceptualPrecision: 1, snapshotDirectory: directory)
    }
}

/// A fresh folder per test, with the run's artifacts and report inside it; removed when the
/// test no longer holds the sandbox.
struct SnapshotSandbox {
    private let folder = TemporaryFolder("pyramid-snapshots")
    var root: String { folder.path }

    var snapshots: String { root + "/__Snapshots__" }
    var artifacts: String { root + "/artifacts" }
    var report: String { root + "/artifacts/snapshot-report.jsonl" }

    func environment(isCI: Bool = false, rerunSince: Date? = nil) -> SnapshotRunEnvironment {
        SnapshotRunEnvironment(artifacts: SnapshotArtifacts(root: artifacts), isCI: isCI, rerunSince: rerunSince)
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: snapshots + "/" + relative)
    }

    func contents(_ relative: String) -> Data? {
        FileManager.default.contents(atPath: snapshots + "/" + relative)
    }

    /// Every file under `__Snapshots__`, relative, sorted.
    func files() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: snapshots) else { return [] }
        var files: [String] = []
        while let path = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: snapshots + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files.append(path) }
        }
        return files.sorted()
    }
}

/// Issue texts collected from `withKnownIssue`'s matcher.
final class IssueLog: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String] = []

    func add(_ text: String) {
        lock.lock()
        texts.append(text)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return texts
    }
}
