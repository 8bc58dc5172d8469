public import Foundation

/// Collects the struct's `@Snapshot` and `@ComponentSnapshot` functions into
/// `static var __snapshotCases: [SnapshotCase]`. The struct needs one `@Test` that
/// uses them; without one, the compiler says so and offers to insert it.
@attached(member, names: named(__snapshotCases))
@attached(extension, conformances: SnapshotSuiteCases)
public macro SnapshotSuite(_ viewName: String) = #externalMacro(module: "VisualTestingMacros", type: "SnapshotSuiteMacro")

/// One state of a full-screen view, checked on every device × theme × locale cell.
@attached(peer)
public macro Snapshot() = #externalMacro(module: "VisualTestingMacros", type: "SnapshotMacro")

/// One state of a component, checked on the theme axis at a fixed size (or its own size when nil).
@attached(peer)
public macro ComponentSnapshot(width: CGFloat? = nil, height: CGFloat? = nil) =
    #externalMacro(module: "VisualTestingMacros", type: "ComponentSnapshotMacro")

/// Capture the `@Snapshot` state inside a navigation container.
@attached(peer)
public macro InNavigation() = #externalMacro(module: "VisualTestingMacros", type: "InNavigationMacro")

/// Capture with animations, transitions and the caret off.
@attached(peer)
public macro WithoutAnimation() = #externalMacro(module: "VisualTestingMacros", type: "WithoutAnimationMacro")
