import MacroTesting
import Testing
import VisualTestingMacroExpansions
import SnapshotTesting

@Suite(.macros(
    ["Snapshot": SnapshotMacro.self, "ComponentSnapshot": ComponentSnapshotMacro.self,
     "InNavigation": InNavigationMacro.self, "WithoutAnimation": WithoutAnimationMacro.self],
    record: .never))
struct MarkerMacroTests {
    @Test func snapshotOnAPropertyIsAnError() {
        assertMacro {
            """
            @Snapshot
            var loaded: Int = 1
            """
        } diagnostics: {
            """
            @Snapshot
            ┬────────
            ╰─ 🛑 @Snapshot and @ComponentSnapshot can only be applied to functions
            var loaded: Int = 1
            """
        }
    }

    @Test func componentSnapshotOnAPropertyIsAnError() {
        assertMacro {
            """
            @ComponentSnapshot(width: 10)
            var card: Int = 1
            """
        } diagnostics: {
            """
            @ComponentSnapshot(width: 10)
            ┬────────────────────────────
            ╰─ 🛑 @Snapshot and @ComponentSnapshot can only be applied to functions
            var card: Int = 1
            """
        }
    }

    @Test func inNavigationOnAComponentIsAnErrorWithAFixIt() {
        assertMacro {
            """
            @ComponentSnapshot(width: 340, height: 120)
            @InNavigation
            func card() -> Card { Card() }
            """
        } diagnostics: {
            """
            @ComponentSnapshot(width: 340, height: 120)
            @InNavigation
            ┬────────────
            ╰─ 🛑 @InNavigation cannot apply to @ComponentSnapshot: a component is captured without a device frame, so there is no navigation bar in the image. Remove @InNavigation, or capture this state with @Snapshot
               ✏️ Remove @InNavigation
            func card() -> Card { Card() }
            """
        } fixes: {
            """
            @ComponentSnapshot(width: 340, height: 120)
            func card() -> Card { Card() }
            """
        } expansion: {
            """
            func card() -> Card { Card() }
            """
        }
    }

    @Test func inNavigationAloneIsAnError() {
        assertMacro {
            """
            @InNavigation
            func card() -> Card { Card() }
            """
        } diagnostics: {
            """
            @InNavigation
            ┬────────────
            ╰─ 🛑 @InNavigation does nothing on its own; it only applies to a function marked @Snapshot
            func card() -> Card { Card() }
            """
        }
    }

    @Test func withoutAnimationAloneIsAnError() {
        assertMacro {
            """
            @WithoutAnimation
            func card() -> Card { Card() }
            """
        } diagnostics: {
            """
            @WithoutAnimation
            ┬────────────────
            ╰─ 🛑 @WithoutAnimation does nothing on its own; it only applies to a function marked @Snapshot or @ComponentSnapshot
            func card() -> Card { Card() }
            """
        }
    }

    @Test func snapshotWithParametersIsAnError() {
        assertMacro {
            """
            @Snapshot
            func loaded(count: Int) -> ListView { ListView(count: count) }
            """
        } diagnostics: {
            """
            @Snapshot
            func loaded(count: Int) -> ListView { ListView(count: count) }
                       ┬───────────
                       ╰─ 🛑 a @Snapshot or @ComponentSnapshot function takes no parameters: it builds one state of the view
            """
        }
    }

    @Test func asyncOrThrowingSnapshotIsAnError() {
        assertMacro {
            """
            @Snapshot
            func loaded() async throws -> ListView { try await ListView.load() }
            """
        } diagnostics: {
            """
            @Snapshot
            func loaded() async throws -> ListView { try await ListView.load() }
                          ┬───────────
                          ╰─ 🛑 a @Snapshot or @ComponentSnapshot function must be synchronous and must not throw: build the state here and let the renderer do any asynchronous work
            """
        }
    }

    @Test func snapshotAndComponentTogetherIsAnError() {
        assertMacro {
            """
            @Snapshot
            @ComponentSnapshot
            func loaded() -> ListView { ListView() }
            """
        } diagnostics: {
            """
            @Snapshot
            @ComponentSnapshot
            ┬─────────────────
            ╰─ 🛑 a function is either a @Snapshot or a @ComponentSnapshot, not both
            func loaded() -> ListView { ListView() }
            """
        }
    }

    @Test func validMarkersExpandToNothing() {
        assertMacro {
            """
            @Snapshot
            @InNavigation
            @WithoutAnimation
            func editing() -> SettingsView { SettingsView() }
            """
        } expansion: {
            """
            func editing() -> SettingsView { SettingsView() }
            """
        }
    }
}
