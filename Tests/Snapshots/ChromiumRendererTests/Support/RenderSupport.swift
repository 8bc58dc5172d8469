import ChromiumRenderer
import Foundation
import PyramidImage
import VisualTesting

/// A cell's environment with the seed's defaults, changed where a test says.
func cell(
    _ device: SnapshotDevice = .iPhoneSE, theme: SnapshotTheme = .light, locale: String = "en",
    dynamicType: SnapshotDynamicType = .standard, inNavigation: Bool = false, disableAnimations: Bool = false
) -> RenderEnvironment {
    RenderEnvironment(
        device: device, cell: SnapshotCell(device: device, theme: theme, locale: locale, dynamicType: dynamicType),
        inNavigation: inNavigation, disableAnimations: disableAnimations)
}

/// A component's environment: fixed or fitting sizes, scale 2.
func component(width: Double?, height: Double?, theme: SnapshotTheme = .light) -> RenderEnvironment {
    RenderEnvironment(device: nil, width: width, height: height, scale: 2, theme: theme, locale: "en")
}

/// A page whose body colour says whether a condition held: green if it did, red if not.
func signalPage(_ condition: String, head: String = "") -> String {
    """
    <!doctype html><html><head><meta charset="utf-8">\(head)
    <style>html, body { margin: 0; height: 100%; }</style></head>
    <body><script>document.body.style.background = (\(condition)) ? 'rgb(0, 255, 0)' : 'rgb(255, 0, 0)';</script></body></html>
    """
}

let green = RGBA(0, 255, 0)
let red = RGBA(255, 0, 0)

extension Bitmap {
    /// The pixel at the centre.
    var center: RGBA { self[width / 2, height / 2] }

    /// Whether any pixel differs from the top-left one: something was drawn.
    var hasInk: Bool {
        let background = self[0, 0]
        for y in 0..<height { for x in 0..<width where self[x, y] != background { return true } }
        return false
    }
}
