import Foundation

/// The gallery's behaviour: `gallery.js`, a resource of this module, read once.
///
/// It is looked for beside this source file first (a checkout, or a package's checkout of
/// swift-pyramid: always the current script), then in the module's resource bundle beside the
/// program (`…_VisualTestingCore.resources`, for a `pyramid` copied elsewhere). Missing from
/// both, making a gallery fails with an error naming the places searched.
package enum GalleryScript {
    package static let fileName = "gallery.js"

    /// The script, or why it could not be read.
    package static let javascript: Result<String, VisualTestingError> = load(from: candidates())

    /// The paths searched, in order.
    package static func candidates() -> [String] {
        var paths = [URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(fileName).path]
        let folders = [Bundle.main.bundleURL, Bundle.main.executableURL?.deletingLastPathComponent()].compactMap { $0?.path }
        for folder in Array(Set(folders)).sorted() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasSuffix("_VisualTestingCore.resources") || name.hasSuffix("_VisualTestingCore.bundle") {
                let bundle = folder + "/" + name
                paths.append(Bundle(path: bundle)?.path(forResource: "gallery", ofType: "js") ?? bundle + "/" + fileName)
            }
        }
        return paths
    }

    /// The first of `paths` that reads as UTF-8 text.
    package static func load(from paths: [String]) -> Result<String, VisualTestingError> {
        for path in paths {
            if let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) {
                return .success(text)
            }
        }
        return .failure(.resourceMissing(name: fileName, searched: paths))
    }
}
