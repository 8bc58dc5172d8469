import ChromiumRenderer
import VisualTesting

/// Every state of the example screens as snapshot cases: what the Examples
/// package's `@SnapshotSuite`s check and what `pyramid demo` runs.
public enum ExampleSnapshots {
    public static let cases: [SnapshotCase] = [
        view("UserCard", "loaded") { UserCardScreen.page(.loaded(.johnDoe)) },
        view("UserCard", "loading", disableAnimations: true) { UserCardScreen.page(.loading) },
        view("UserCard", "error") { UserCardScreen.page(.failed(UserCardScreen.loadFailed)) },
        SnapshotCase(viewName: "UserCard", stateName: "card", kind: .component(width: 375, height: 120, disableAnimations: false)) {
            AnySnapshotRenderable(UserCardScreen.card(.johnDoe))
        },
        view("SettingsView", "standard", inNavigation: true) { SettingsScreen.page() },
        view("SettingsView", "editing", inNavigation: true, disableAnimations: true) { SettingsScreen.page(isEditing: true) },
        view("LoginView", "empty") { LoginScreen.page() },
        view("LoginView", "invalidEmail") { LoginScreen.page(.init(email: "invalid-email")) },
        view("LoginView", "filled") { LoginScreen.page(.init(email: "test@example.com", password: "password123")) },
    ]

    static func view(
        _ name: String, _ state: String, inNavigation: Bool = false, disableAnimations: Bool = false,
        _ page: @escaping @MainActor @Sendable () -> HTMLPage
    ) -> SnapshotCase {
        SnapshotCase(viewName: name, stateName: state, kind: .view(inNavigation: inNavigation, disableAnimations: disableAnimations)) {
            AnySnapshotRenderable(page())
        }
    }
}
