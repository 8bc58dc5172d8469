public import Foundation
import PNGCodec
public import PyramidImage

/// Anything that draws itself as an image for one cell of the matrix.
///
/// Rendering is asynchronous so a browser or a simulator can do the work, and a
/// conformer may hold a reference to an expensive renderer (an actor that owns a
/// browser, say) and share it across every case of a test process.
public protocol SnapshotRenderable: Sendable {
    /// Draws the content as the environment says: size and scale, theme, locale,
    /// Dynamic Type, navigation container and animations.
    func renderSnapshot(in environment: RenderEnvironment) async throws -> Bitmap
}

/// A bitmap is its own rendering, whatever the environment.
extension Bitmap: SnapshotRenderable {
    public func renderSnapshot(in environment: RenderEnvironment) async throws -> Bitmap { self }
}

/// PNG file contents render as the image they hold; bytes that are not a valid PNG throw `PNGError`.
extension Data: SnapshotRenderable {
    public func renderSnapshot(in environment: RenderEnvironment) async throws -> Bitmap {
        try PNGDecoder().decode(self).bitmap
    }
}

/// A type-erased renderable: what `@Snapshot` functions' results become.
///
/// Content that must be drawn on the main actor (SwiftUI's `ImageRenderer`) is kept
/// as a main-actor closure, so the synchronous `SnapshotCase.run()` can draw it in
/// place instead of waiting on a main actor it is blocking.
public struct AnySnapshotRenderable: SnapshotRenderable {
    enum Storage: Sendable {
        case concurrent(@Sendable (RenderEnvironment) async throws -> Bitmap)
        case mainActor(@MainActor @Sendable (RenderEnvironment) throws -> Bitmap)
    }

    let storage: Storage

    /// Any renderable content, type-erased.
    public init(_ content: some SnapshotRenderable) {
        if let erased = content as? AnySnapshotRenderable {
            self = erased
        } else {
            storage = .concurrent { try await content.renderSnapshot(in: $0) }
        }
    }

    /// Content that renders on another executor (a browser, a file, a computation).
    public init(render: @escaping @Sendable (RenderEnvironment) async throws -> Bitmap) {
        storage = .concurrent(render)
    }

    /// Content that must render synchronously on the main actor.
    public init(mainActorRender: @escaping @MainActor @Sendable (RenderEnvironment) throws -> Bitmap) {
        storage = .mainActor(mainActorRender)
    }

    public func renderSnapshot(in environment: RenderEnvironment) async throws -> Bitmap {
        switch storage {
        case .concurrent(let render): return try await render(environment)
        case .mainActor(let render): return try await MainActor.run { try render(environment) }
        }
    }

    /// Renders from synchronous main-actor code: main-actor content in place, other
    /// content on the calling thread until it finishes.
    @MainActor
    func renderSynchronously(in environment: RenderEnvironment) throws -> Bitmap {
        switch storage {
        case .mainActor(let render):
            return try render(environment)
        case .concurrent(let render):
            return try BlockingBridge.run { try await render(environment) }
        }
    }
}
