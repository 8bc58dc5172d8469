import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import VisualTestingMacroExpansions
import SwiftSyntaxBuilder
import SnapshotTesting

@Suite(.macros(
    [
        "SnapshotSuite": MacroSpec(type: SnapshotSuiteMacro.self, conformances: ["SnapshotSuiteCases"]),
        "Snapshot": MacroSpec(type: SnapshotMacro.self),
        "ComponentSnapshot": MacroSpec(type: ComponentSnapshotMacro.self),
        "InNavigation": MacroSpec(type: InNavigationMacro.self),
        "WithoutAnimation": MacroSpec(type: WithoutAnimationMacro.self),
    ],
    record: .never))
struct SnapshotSuiteMacroTests {
    @Test func collectsViewsThenComponentsWithTheirMarkers() {
        assertMacro {
            """
            @SnapshotSuite("SettingsView")
            @MainActor
            struct SettingsViewSnapshots {
                @ComponentSnapshot(width: 340, height: 120)
                @WithoutAnimation
                func card() -> Card { Card() }

                @Snapshot
                func loaded() -> SettingsView { SettingsView() }

                @Snapshot
                @InNavigation
                @WithoutAnimation
                func editing() -> SettingsView { SettingsView(isEditing: true) }

                @ComponentSnapshot
                static func badge() -> Badge { Badge() }

                func helper() -> Int { 1 }

                @Test func snapshots() {
                    for snapshotCase in Self.__snapshotCases { snapshotCase.run() }
                }
            }
            """
        } expansion: {
            """
            @MainActor
            struct SettingsViewSnapshots {
                func card() -> Card { Card() }
                func loaded() -> SettingsView { SettingsView() }
                func editing() -> SettingsView { SettingsView(isEditing: true) }
                static func badge() -> Badge { Badge() }

                func helper() -> Int { 1 }

                @Test func snapshots() {
                    for snapshotCase in Self.__snapshotCases { snapshotCase.run() }
                }

                nonisolated static var __snapshotCases: [SnapshotCase] {
                    [
                        SnapshotCase(
                            viewName: "SettingsView",
                            stateName: "loaded",
                            kind: .view(inNavigation: false, disableAnimations: false),
                            declaration: SnapshotSource(fileID: "TestModule/Test.swift", filePath: "Test.swift", line: 9, column: 10),
                            makeContent: {
                                AnySnapshotRenderable(SettingsViewSnapshots().loaded())
                            }
                        ),
                        SnapshotCase(
                            viewName: "SettingsView",
                            stateName: "editing",
                            kind: .view(inNavigation: true, disableAnimations: true),
                            declaration: SnapshotSource(fileID: "TestModule/Test.swift", filePath: "Test.swift", line: 14, column: 10),
                            makeContent: {
                                AnySnapshotRenderable(SettingsViewSnapshots().editing())
                            }
                        ),
                        SnapshotCase(
                            viewName: "SettingsView",
                            stateName: "card",
                            kind: .component(width: 340, height: 120, disableAnimations: true),
                            declaration: SnapshotSource(fileID: "TestModule/Test.swift", filePath: "Test.swift", line: 6, column: 10),
                            makeContent: {
                                AnySnapshotRenderable(SettingsViewSnapshots().card())
                            }
                        ),
                        SnapshotCase(
                            viewName: "SettingsView",
                            stateName: "badge",
                            kind: .component(width: nil, height: nil, disableAnimations: false),
                            declaration: SnapshotSource(fileID: "TestModule/Test.swift", filePath: "Test.swift", line: 17, column: 17),
                            makeContent: {
                                AnySnapshotRenderable(SettingsViewSnapshots.badge())
                            }
                        ),
                    ]
                }
            }

            extension SettingsViewSnapshots: SnapshotSuiteCases {
            }
            """
        }
    }

    @Test func emptySuiteHasNoCases() {
        assertMacro {
            """
            @SnapshotSuite("Empty")
            struct EmptySnapshots {
                @Test func snapshots() {
                    for snapshotCase in Self.__snapshotCases { snapshotCase.run() }
                }
            }
            """
        } expansion: {
            """
            struct EmptySnapshots {
                @Test func snapshots() {
                    for snapshotCase in Self.__snapshotCases { snapshotCase.run() }
                }

                nonisolated static var __snapshotCases: [SnapshotCase] {
                    []
                }
            }

            extension EmptySnapshots: SnapshotSuiteCases {
            }
            """
        }
    }

    @Test func parameterisedRunnerCounts() {
        assertMacro {
            """
            @SnapshotSuite("Login")
            struct LoginSnapshots {
                @Snapshot func empty() -> LoginPage { LoginPage() }

                @Test(arguments: Self.__snapshotCases)
                func snapshot(_ snapshotCase: SnapshotCase) async {
                    await snapshotCase.run()
                }
            }
            """
        } expansion: {
            """
            struct LoginSnapshots {
                func empty() -> LoginPage { LoginPage() }

                @Test(arguments: Self.__snapshotCases)
                func snapshot(_ snapshotCase: SnapshotCase) async {
                    await snapshotCase.run()
                }

                nonisolated static var __snapshotCases: [SnapshotCase] {
                    [
                        SnapshotCase(
                            viewName: "Login",
                            stateName: "empty",
                            kind: .view(inNavigation: false, disableAnimations: false),
                            declaration: SnapshotSource(fileID: "TestModule/Test.swift", filePath: "Test.swift", line: 3, column: 20),
                            makeContent: {
                                AnySnapshotRenderable(LoginSnapshots().empty())
                            }
                        ),
                    ]
                }
            }

            extension LoginSnapshots: SnapshotSuiteCases {
            }
            """
        }
    }

    @Test func missingRunnerIsAnErrorWithAFixIt() {
        assertMacro {
            """
            @SnapshotSuite("Card")
            struct CardSnapshots {
                @ComponentSnapshot(width: 100)
                func plain() -> Card { Card() }

                // Self.__snapshotCases in a comment does not make a runner.
                @Test func other() {}
            }
            """
        } diagnostics: {
            """
            @SnapshotSuite("Card")
            ┬─────────────────────
            ╰─ 🛑 @SnapshotSuite requires a hand-written runner test. Add to the struct: @Test func snapshots() { for snapshotCase in Self.__snapshotCases { snapshotCase.run() } }
               ✏️ Insert a runner test
            struct CardSnapshots {
                @ComponentSnapshot(width: 100)
                func plain() -> Card { Card() }

                // Self.__snapshotCases in a comment does not make a runner.
                @Test func other() {}
            }
            """
        } fixes: {
            """
            @SnapshotSuite("Card")
            struct CardSnapshots {
                @ComponentSnapshot(width: 100)
                func plain() -> Card { Card() }

                // Self.__snapshotCases in a comment does not make a runner.
                @Test func other() {}

                @Test func snapshots() {
                    for snapshotCase in Self.__snapshotCases { snapshotCase.run() }
                }
            }
            """
        } expansion: {
            """
            struct CardSnapshots {
                func plain() -> Card { Card() }

                // Self.__snapshotCases in a comment does not make a runner.
                @Test func other() {}

                @Test func snapshots() {
                    for snapshotCase in Self.__snapshotCases { snapshotCase.run() }
                }

                nonisolated static var __snapshotCases: [SnapshotCase] {
                    [
                        SnapshotCase(
                            viewName: "Card",
                            stateName: "plain",
                            kind: .component(width: 100, height: nil, disableAnimations: false),
                            declaration: SnapshotSource(fileID: "TestModule/Test.swift", filePath: "Test.swift", line: 4, column: 10),
                            makeContent: {
                                AnySnapshotRenderable(CardSnapshots().plain())
                            }
                        ),
                    ]
                }
            }

            extension CardSnapshots: SnapshotSuiteCases {
            }
            """
        }
    }

    @Test func suiteOnAClassIsAnError() {
        assertMacro {
            """
            @SnapshotSuite("X")
            class XSnapshots {}
            """
        } diagnostics: {
            """
            @SnapshotSuite("X")
            ┬──────────────────
            ╰─ 🛑 @SnapshotSuite can only be applied to structs
            class XSnapshots {}
            """
        }
    }

    @Test func suiteWithoutANameIsAnError() {
        assertMacro {
            """
            @SnapshotSuite(name)
            struct XSnapshots {}
            """
        } diagnostics: {
            """
            @SnapshotSuite(name)
            ┬───────────────────
            ╰─ 🛑 @SnapshotSuite requires a view name string argument
            struct XSnapshots {}
            """
        }
    }
}
