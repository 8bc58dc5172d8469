import ChromiumRenderer
import ExampleScreens
import Testing
import VisualTesting

// The seed screens through @SnapshotSuite, each state across the full 12-cell
// matrix (iPhone 16, iPhone SE, iPad Pro 11 × light, dark × en, ja) in Chromium,
// each state its own test case through the seed's spelling, @Test(arguments: Self.__snapshotCases).

@SnapshotSuite("UserCard")
struct UserCardSnapshots {
    @Snapshot
    func loaded() -> HTMLPage { UserCardScreen.page(.loaded(.johnDoe)) }

    @Snapshot
    @WithoutAnimation
    func loading() -> HTMLPage { UserCardScreen.page(.loading) }

    @Snapshot
    func error() -> HTMLPage { UserCardScreen.page(.failed(UserCardScreen.loadFailed)) }

    @ComponentSnapshot(width: 375, height: 120)
    func card() -> HTMLPage { UserCardScreen.card(.johnDoe) }

    @Test(.tags(.snapshot), arguments: Self.__snapshotCases)
    func snapshot(_ snapshotCase: SnapshotCase) async {
        await snapshotCase.run()
    }
}

@SnapshotSuite("SettingsView")
struct SettingsViewSnapshots {
    @Snapshot
    @InNavigation
    func standard() -> HTMLPage { SettingsScreen.page() }

    @Snapshot
    @InNavigation
    @WithoutAnimation
    func editing() -> HTMLPage { SettingsScreen.page(isEditing: true) }

    @Test(.tags(.snapshot), arguments: Self.__snapshotCases)
    func snapshot(_ snapshotCase: SnapshotCase) async {
        await snapshotCase.run()
    }
}

@SnapshotSuite("LoginView")
struct LoginViewSnapshots {
    @Snapshot
    func empty() -> HTMLPage { LoginScreen.page() }

    @Snapshot
    func invalidEmail() -> HTMLPage { LoginScreen.page(.init(email: "invalid-email")) }

    @Snapshot
    func filled() -> HTMLPage { LoginScreen.page(.init(email: "test@example.com", password: "password123")) }

    @Test(.tags(.snapshot), arguments: Self.__snapshotCases)
    func snapshot(_ snapshotCase: SnapshotCase) async {
        await snapshotCase.run()
    }
}

/// `pyramid demo` runs `ExampleSnapshots.cases`; these suites are the same states
/// written the seed's way. They must not drift apart.
@Suite("Example cases")
struct ExampleCasesTests {
    @Test("the @SnapshotSuite states are exactly the cases pyramid demo runs")
    func sameCases() {
        let suites = UserCardSnapshots.__snapshotCases + SettingsViewSnapshots.__snapshotCases + LoginViewSnapshots.__snapshotCases
        #expect(suites.map(\.description).sorted() == ExampleSnapshots.cases.map(\.description).sorted())
    }
}

extension Tag {
    /// Snapshot tests: a level of their own in `pyramid spec`'s test pyramid.
    @Tag static var snapshot: Self
}
