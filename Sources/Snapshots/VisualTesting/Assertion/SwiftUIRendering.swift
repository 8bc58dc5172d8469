// SwiftUI adapter: `@Snapshot func loaded() -> some View` on Apple platforms.
// SwiftUI does not exist on Linux, so this file is compiled on Apple platforms only.
#if canImport(SwiftUI) && canImport(CoreGraphics)
public import CoreGraphics
import PyramidImage
public import SwiftUI

extension AnySnapshotRenderable {
    /// A SwiftUI view, drawn on the main actor with `ImageRenderer` in each cell's environment.
    @MainActor
    public init<V: View>(_ view: V) {
        nonisolated(unsafe) let view = view
        self.init(mainActorRender: { environment in try SwiftUISnapshotRenderer.render(view, in: environment) })
    }
}

extension VisualTesting {
    /// `assertViewSnapshot` for a SwiftUI view.
    @MainActor
    @discardableResult
    public static func assertViewSnapshot<V: View>(
        of view: V, viewName: String, stateName: String, inNavigation: Bool = false, disableAnimations: Bool = false,
        configuration: SnapshotConfiguration = .default,
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [SnapshotResult] {
        assertViewSnapshot(
            of: AnySnapshotRenderable(view), viewName: viewName, stateName: stateName, inNavigation: inNavigation,
            disableAnimations: disableAnimations, configuration: configuration,
            fileID: fileID, file: file, line: line, column: column)
    }

    /// `assertComponentSnapshot` for a SwiftUI view.
    @MainActor
    @discardableResult
    public static func assertComponentSnapshot<V: View>(
        of view: V, componentName: String, stateName: String, size: CGSize? = nil, disableAnimations: Bool = false,
        configuration: SnapshotConfiguration = .default,
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [SnapshotResult] {
        assertComponentSnapshot(
            of: AnySnapshotRenderable(view), componentName: componentName, stateName: stateName, size: size,
            disableAnimations: disableAnimations, configuration: configuration,
            fileID: fileID, file: file, line: line, column: column)
    }
}

/// Why a SwiftUI view produced no image.
package struct SwiftUIRenderingError: Error, CustomStringConvertible {
    package var environment: RenderEnvironment
    package var description: String { "ImageRenderer produced no image for \(environment)" }
}

@MainActor
enum SwiftUISnapshotRenderer {
    static func render<V: View>(_ view: V, in environment: RenderEnvironment) throws -> Bitmap {
        let themed = VisualTesting.themeApplicable.applyTheme(view, theme: environment.theme)
        let configured = themed
            .environment(\.locale, Locale(identifier: environment.locale))
            .environment(\.dynamicTypeSize, dynamicTypeSize(environment.dynamicType))
            .transaction { transaction in
                if environment.disableAnimations {
                    transaction.disablesAnimations = true
                    transaction.animation = nil
                }
            }
        let wrapped: AnyView = environment.inNavigation ? AnyView(NavigationStack { configured }) : AnyView(configured)
        let sized = wrapped.frame(
            width: environment.width.map { CGFloat($0) }, height: environment.height.map { CGFloat($0) })
        let renderer = ImageRenderer(content: sized)
        renderer.scale = CGFloat(environment.scale)
        guard let image = renderer.cgImage else { throw SwiftUIRenderingError(environment: environment) }
        return try bitmap(from: image, environment: environment)
    }

    /// Redraws the image as 8-bit sRGB RGBA and undoes the premultiplied alpha.
    static func bitmap(from image: CGImage, environment: RenderEnvironment) throws -> Bitmap {
        let width = image.width, height = image.height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let drawn = pixels.withUnsafeMutableBytes { buffer -> Bool in
            guard let space = CGColorSpace(name: CGColorSpace.sRGB),
                  let context = CGContext(
                      data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                      space: space, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            else { return false }
            context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
            return true
        }
        guard drawn else { throw SwiftUIRenderingError(environment: environment) }
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = Int(pixels[index + 3])
            guard alpha > 0 && alpha < 255 else { continue }
            for channel in 0..<3 {
                pixels[index + channel] = UInt8(min(255, (Int(pixels[index + channel]) * 255 + alpha / 2) / alpha))
            }
        }
        return try Bitmap(width: width, height: height, pixels: pixels)
    }

    static func dynamicTypeSize(_ size: SnapshotDynamicType) -> DynamicTypeSize {
        switch size {
        case .xSmall: return .xSmall
        case .small: return .small
        case .medium: return .medium
        case .standard: return .large
        case .xLarge: return .xLarge
        case .xxLarge: return .xxLarge
        case .xxxLarge: return .xxxLarge
        case .accessibility1: return .accessibility1
        case .accessibility2: return .accessibility2
        case .accessibility3: return .accessibility3
        case .accessibility4: return .accessibility4
        case .accessibility5: return .accessibility5
        }
    }
}
#endif
