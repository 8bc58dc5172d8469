import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct VisualTestingMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        SnapshotSuiteMacro.self,
        SnapshotMacro.self,
        ComponentSnapshotMacro.self,
        InNavigationMacro.self,
        WithoutAnimationMacro.self,
    ]
}
