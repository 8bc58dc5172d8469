import Testing
import VisualTesting
import Foundation

// Every spelling of a per-state runner that a suite may use, compiled and run here: if one of
// them stopped compiling, this target would not build. Each runner checks it got its own suite's
// cases; `spellingsSeeEveryCase` checks none of them ran on an empty list.

@SnapshotSuite("SpellingSelf")
struct SpellingSelfSnapshots {
    @Snapshot func one() -> TestScreen { TestScreen(title: "1") }
    @Snapshot func two() -> TestScreen { TestScreen(title: "2") }

    /// The seed's spelling: the macro's generated member, inside `@Test(arguments:)`.
    @Test(arguments: Self.__snapshotCases)
    func snapshot(_ snapshotCase: SnapshotCase) {
        #expect(snapshotCase.viewName == "SpellingSelf")
    }
}

@SnapshotSuite("SpellingMainActor")
@MainActor
struct SpellingMainActorSnapshots {
    @Snapshot func one() -> TestScreen { TestScreen(title: "1") }
    @ComponentSnapshot(width: 10, height: 10) func badge() -> TestScreen { TestScreen(title: "b") }

    @Test(arguments: Self.__snapshotCases)
    func snapshot(_ snapshotCase: SnapshotCase) async {
        #expect(snapshotCase.viewName == "SpellingMainActor")
    }
}

@SnapshotSuite("SpellingBare")
struct SpellingBareSnapshots {
    @Snapshot func one() -> TestScreen { TestScreen(title: "1") }

    /// Without `Self.`.
    @Test(arguments: __snapshotCases)
    func snapshot(_ snapshotCase: SnapshotCase) {
        #expect(snapshotCase.viewName == "SpellingBare")
    }
}

@SnapshotSuite("SpellingExtension")
struct SpellingExtensionSnapshots {
    @Snapshot func one() -> TestScreen { TestScreen(title: "1") }

    @Test func snapshots() {
        for snapshotCase in Self.__snapshotCases { #expect(snapshotCase.viewName == "SpellingExtension") }
    }
}

/// A runner in an extension of the suite, naming the suite's type.
extension SpellingExtensionSnapshots {
    @Test(arguments: SpellingExtensionSnapshots.__snapshotCases)
    func byTypeName(_ snapshotCase: SnapshotCase) {
        #expect(snapshotCase.viewName == "SpellingExtension")
    }
}

enum SpellingNamespace {
    @SnapshotSuite("SpellingNested")
    struct NestedSnapshots {
        @Snapshot func one() -> TestScreen { TestScreen(title: "1") }

        @Test(arguments: Self.__snapshotCases)
        func snapshot(_ snapshotCase: SnapshotCase) {
            #expect(snapshotCase.viewName == "SpellingNested")
        }
    }
}

@Test("every spelling's suite has its cases, so none of the runners above ran on nothing")
func spellingsSeeEveryCase() {
    #expect(SpellingSelfSnapshots.__snapshotCases.map(\.stateName) == ["one", "two"])
    #expect(SpellingMainActorSnapshots.__snapshotCases.map(\.stateName) == ["one", "badge"])
    #expect(SpellingBareSnapshots.__snapshotCases.count == 1)
    #expect(SpellingExtensionSnapshots.__snapshotCases.count == 1)
    #expect(SpellingNamespace.NestedSnapshots.__snapshotCases.count == 1)
}

@Suite("Spelling with an explicit @Suite and traits", .serialized)
@SnapshotSuite("SpellingSuite")
struct SpellingSuiteSnapshots {
    @Snapshot func one() -> TestScreen { TestScreen(title: "1") }

    @Test(arguments: Self.__snapshotCases)
    func snapshot(_ snapshotCase: SnapshotCase) {
        #expect(snapshotCase.viewName == "SpellingSuite")
    }
}

@SnapshotSuite("SpellingRunnerFirst")
struct SpellingRunnerFirstSnapshots {
    /// The runner written before the states it runs.
    @Test(arguments: Self.__snapshotCases)
    func snapshot(_ snapshotCase: SnapshotCase) {
        #expect(snapshotCase.viewName == "SpellingRunnerFirst")
    }

    @Snapshot func one() -> TestScreen { TestScreen(title: "1") }
}
