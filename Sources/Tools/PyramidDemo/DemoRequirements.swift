import Foundation
import PNGCodec
package import WebDriver

/// Something the demo needs that this machine lacks, and the Debian package that provides it.
package enum DemoRequirement: Sendable, Hashable, CustomStringConvertible {
    /// Chromium or chromedriver is not installed.
    case program(MissingExecutable)
    /// No file of a font family the references were rendered with.
    case font(family: String, searched: [String], debianPackage: String)
    /// A shared library that cannot be loaded, what it is for, and its package.
    case library(name: String, purpose: String, debianPackage: String)

    /// The Debian package that satisfies this requirement.
    package var debianPackage: String {
        switch self {
        case .program(let missing): missing.debianPackage
        case .font(_, _, let package): package
        case .library(_, _, let package): package
        }
    }

    /// `chromium` or `the NotoSansCJK font`: what is missing, in a few words.
    package var shortName: String {
        switch self {
        case .program(let missing): missing.name
        case .font(let family, _, _): "the \(family) font"
        case .library(let name, _, _): name
        }
    }

    /// What is missing and where it was looked for.
    package var what: String {
        switch self {
        case .program(let missing):
            "\(missing)"
        case .font(let family, let searched, _):
            "no \(family) font in \(searched.joined(separator: ", ")) (text would render differently from the references)"
        case .library(let name, let purpose, _):
            "\(name) cannot be loaded (\(purpose))"
        }
    }

    /// What is missing, where it was looked for, and how to install it.
    package var description: String { "\(what). Install it with: sudo apt-get install \(debianPackage)" }
}

extension Demo {
    /// The font families the example references were rendered with, and their Debian packages:
    /// a Latin one (DejaVu) and a Japanese one (Noto CJK).
    package static let fonts: [(family: String, debianPackage: String)] = [
        ("DejaVuSans", "fonts-dejavu-core"), ("NotoSansCJK", "fonts-noto-cjk"),
    ]

    /// Where fontconfig looks on Debian, system-wide and per user.
    package static var fontDirectories: [String] {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        return ["/usr/share/fonts", "/usr/local/share/fonts", home + "/.fonts", home + "/.local/share/fonts"]
    }

    /// libdeflate, which decodes the snapshot references (zlib would, at a quarter of the speed).
    package static let libdeflate = DemoRequirement.library(
        name: "libdeflate", purpose: "it decodes the snapshot references; zlib is several times slower",
        debianPackage: InflateEngine.libdeflateDebianPackage)

    /// What is missing to render the example screens as their references were and to check
    /// them at speed: Chromium and chromedriver, the fonts in ``fonts``, and libdeflate. With
    /// remote ends, only libdeflate: the browsers and fonts are the remote ends'.
    ///
    /// - Parameters:
    ///   - browser: The browser configuration whose programs must exist.
    ///   - fontDirectories: The folders searched for font files.
    ///   - libdeflateInstalled: Whether libdeflate loads (a fresh look each call, by default).
    /// - Returns: One requirement per missing program, font or library, in that order; empty when all are there.
    package static func missingRequirements(
        browser: ChromiumOptions = ChromiumOptions(), fontDirectories: [String] = Demo.fontDirectories,
        libdeflateInstalled: Bool = InflateEngine.libdeflateIsInstalled()
    ) -> [DemoRequirement] {
        // On remote ends (PYRAMID_WEBDRIVER_URL) the browsers and their fonts are theirs, not this machine's.
        if let ends = try? browser.resolvedRemoteEnds(), !ends.isEmpty {
            return libdeflateInstalled ? [] : [libdeflate]
        }
        let programs = browser.missingExecutables().map(DemoRequirement.program)
        let files = fontFiles(in: fontDirectories)
        let fonts = Self.fonts.filter { font in !files.contains { $0.localizedCaseInsensitiveContains(font.family) } }
            .map { DemoRequirement.font(family: $0.family, searched: fontDirectories, debianPackage: $0.debianPackage) }
        return programs + fonts + (libdeflateInstalled ? [] : [libdeflate])
    }

    static func fontFiles(in directories: [String]) -> [String] {
        var names: [String] = []
        for directory in directories {
            guard let walker = FileManager.default.enumerator(atPath: directory) else { continue }
            while let path = walker.nextObject() as? String {
                let lower = path.lowercased()
                if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") { names.append(path) }
            }
        }
        return names
    }
}
