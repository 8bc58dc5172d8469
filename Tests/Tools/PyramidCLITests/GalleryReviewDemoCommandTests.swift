import Foundation
import PyramidTestSupport
import Testing
import VisualTesting
@_spi(PyramidTools) import VisualTestingCore

@Suite("pyramid gallery, review and demo")
struct GalleryReviewDemoCommandTests {
    let folder: TemporaryFolder
    let layout: SnapshotLayout

    init() throws {
        folder = TemporaryFolder("pyramid-cli", create: true)
        layout = SnapshotLayout(root: folder.path("__Snapshots__"))
        let config = SnapshotConfiguration(devices: [.iPhone16], themes: [.light, .dark], locales: ["en"])
        let entries = config.viewCells.map { SnapshotEntry(cell: $0, file: layout.relativeFile(state: "loaded", cell: $0)) }
        try ManifestStore.record(name: "LoginView", type: .view, state: "loaded", inNavigation: false, disableAnimations: false,
                                 entries: entries, in: layout.directory(for: "LoginView"))
    }

    /// A report with one failed cell and one passed.
    func writeReport() async throws -> String {
        let path = folder.path("report.jsonl")
        let results = ["light", "dark"].map { theme in
            SnapshotResult(
                name: "LoginView", type: .view, state: "loaded", cell: SnapshotCellIdentity(device: "iPhone16", theme: theme, locale: "en", dynamicType: nil),
                file: "iPhone16/loaded.\(theme)_en.png", reference: layout.directory(for: "LoginView") + "/iPhone16/loaded.\(theme)_en.png",
                outcome: theme == "dark" ? .failed : .passed, message: theme == "dark" ? "differs" : nil, comparison: nil,
                artifacts: nil, source: "/t.swift:1", recordMode: "missing", time: "2026-11-21T00:00:00Z")
        }
        try RunReport.append(results, to: path)
        return path
    }

    @Test("gallery writes one page and, with a report, JUnit XML")
    func gallery() async throws {
        let report = try await writeReport()
        let run = try await CLI.run(["gallery", folder.url.path, "-o", folder.path("site/index.html"), "--report", report, "--junit", folder.path("junit.xml")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("2 images, 1 to review → \(folder.path("site/index.html"))"))
        let page = try String(contentsOfFile: folder.path("site/index.html"), encoding: .utf8)
        #expect(page.contains("../__Snapshots__/LoginView/iPhone16/loaded.dark_en.png"))
        #expect(try String(contentsOfFile: folder.path("junit.xml"), encoding: .utf8).contains("failures=\"1\""))

        let plain = try await CLI.run(["gallery", folder.url.path])
        #expect(plain.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path("gallery.html")))
    }

    @Test("gallery errors exit 2 and write nothing", arguments: [
        (["--junit", "j.xml"], "--junit needs --report"),
        (["--report", "/nonexistent/report.jsonl"], "/nonexistent/report.jsonl"),
    ])
    func galleryErrors(_ extra: [String], _ message: String) async throws {
        let run = try await CLI.run(["gallery", folder.url.path, "-o", folder.path("g.html")] + extra)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("g.html")))
    }

    @Test("review refuses a root that does not exist")
    func reviewMissingRoot() async throws {
        let run = try await CLI.run(["review", folder.path("nope")])
        #expect(run.status == 2)
        #expect(run.stderr.contains("the snapshot root \(folder.path("nope")) does not exist"), "\(run.stderr)")
    }

    @Test("demo --no-install says what is missing and how to install it, installs nothing, exit 2")
    func demoWithoutChromium() async throws {
        let run = try await CLI.run(["demo", "--no-install", "--examples", folder.path("Examples"), "-o", folder.path("demo")],
                              environment: ["CHROMIUM_PATH": "/nonexistent/chromium"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("not installed, because --no-install was given"), "\(run.stderr)")
        #expect(run.stderr.contains("chromium was not found (looked in /nonexistent/chromium (CHROMIUM_PATH))"), "\(run.stderr)")
        #expect(run.stderr.contains("Install it with: sudo apt-get install chromium"))
        #expect(!run.stdout.contains("installing"), "nothing was installed: \(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("demo")))
    }

    @Test("demo outside the checkout asks for --examples; an unknown --break-app is refused with the known ones")
    func demoOutsideCheckout() async throws {
        let run = try await CLI.run(["demo"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("pass --examples DIR"), "\(run.stderr)")
        let typo = try await CLI.run(["demo", "--break-app", "login-disabeld"], in: folder.url)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("--break-app login-disabeld: no such breakage; use one of login-disabled"), "\(typo.stderr)")
    }
}
