import Foundation
import WebDriver

/// Something the demo needs that this machine lacks, and how to get it.
public struct DemoRequirement: Sendable, Equatable, CustomStringConvertible {
    public var what: String
    public var install: String

    public var description: String { "\(what). Install it with: \(install)" }
}

extension Demo {
    /// Where fontconfig looks on Debian, system-wide and per user.
    public static var fontDirectories: [String] {
        let home = FileManager.default.homeDirectoryForCurrentDirectory
        return ["/usr/share/fonts", "/usr/local/share/fonts", home + "/.fonts", home + "/.local/share/fonts"]
    }

    /// What is missing to render the example screens as their references were:
    /// Chromium and chromedriver, a Latin font (DejaVu) and a Japanese one (Noto CJK).
    public static func missingRequirements(
        browser: ChromiumOptions = ChromiumOptions(), fontDirectories: [String] = Demo.fontDirectories
    ) -> [DemoRequirement] {
        var missing: [DemoRequirement] = []
        do {
            _ = try browser.executables()
        } catch {
            missing.append(DemoRequirement(what: "\(error)".components(separatedBy: ". Install it with:")[0], install: ChromiumOptions.installCommand))
        }
        let fonts = fontFiles(in: fontDirectories)
        for (family, package) in [("DejaVuSans", "fonts-dejavu-core"), ("NotoSansCJK", "fonts-noto-cjk")]
        where !fonts.contains(where: { $0.localizedCaseInsensitiveContains(family) }) {
            missing.append(DemoRequirement(
                what: "no \(family) font in \(fontDirectories.joined(separator: ", ")) (text would render differently from the references)",
                install: "sudo apt-get install \(package)"))
        }
        return missing
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

extension FileManager {
    fileprivate var homeDirectoryForCurrentDirectory: String {
        ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
    }
}
