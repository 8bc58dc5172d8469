import Foundation
import UITrace
import PyramidIO
import Testing

/// The app under test, as `XCUIApplication`: launch arguments and environment, launch and
/// terminate, and the queries every page object starts from. All of it is async and goes
/// through a ``UIDriver``.
///
/// ```swift
/// let app = UIApp(driver: driver)
/// app.launchArguments = ["UI_TESTING"]
/// app.launchEnvironment["TEST_USER_EMAIL"] = "test@example.com"
/// try await app.launch()
/// try await app.textFields["email_field"].typeText("test@example.com")
/// await app.navigationBars["ホーム"].waitForExistence(timeout: 5)
/// ```
public final class UIApp: ElementQueryProviding, Sendable {
    private struct State {
        var arguments: [String] = []
        var environment: [String: String] = [:]
        var device = DeviceConfiguration()
        var monitors: [InterruptionMonitor] = []
    }

    /// The driver that runs the app.
    public let driver: any UIDriver
    /// How every wait of this app polls.
    package let waitPolicy: WaitPolicy
    private let settings = Locked(State())

    /// An app driven by `driver`, waiting as `waitPolicy` says.
    public init(driver: any UIDriver, waitPolicy: WaitPolicy = WaitPolicy()) {
        self.driver = driver
        self.waitPolicy = waitPolicy
        // Under `.uiArtifacts`, a failed test gets this app's screen, source and console.
        ArtifactShelf.current?.keep(self)
    }

    public var app: UIApp { self }
    public var queryDescription: ElementQueryDescription { ElementQueryDescription(steps: []) }

    // MARK: Launch

    /// The next launch's arguments, as `XCUIApplication.launchArguments`.
    public var launchArguments: [String] {
        get { settings.value.arguments }
        set { settings.withValue { $0.arguments = newValue } }
    }

    /// The next launch's environment, as `XCUIApplication.launchEnvironment`.
    public var launchEnvironment: [String: String] {
        get { settings.value.environment }
        set { settings.withValue { $0.environment = newValue } }
    }

    /// The screen the app is shown on: size, orientation, appearance and locale.
    public var device: DeviceConfiguration {
        get { settings.value.device }
        set { settings.withValue { $0.device = newValue } }
    }

    /// The configuration the next ``launch()`` uses.
    package var launchConfiguration: LaunchConfiguration {
        let current = settings.value
        return LaunchConfiguration(arguments: current.arguments, environment: current.environment, device: current.device)
    }

    /// Launches the app with ``launchArguments``, ``launchEnvironment`` and ``device``.
    public func launch() async throws {
        try await traced(.launch, "launch()") { try await driver.launch(launchConfiguration) }
    }

    /// Launches the app in `scenario`, as an XCUITest suite's `launch(with:)`: `--uitesting` (unless
    /// already there) and the scenario's `launchArgument` are added to the
    /// launch arguments for this launch.
    public func launch(with scenario: some LaunchScenario) async throws {
        var configuration = launchConfiguration
        if !configuration.arguments.contains(Self.uiTestingArgument) { configuration.arguments.append(Self.uiTestingArgument) }
        configuration.arguments.append(scenario.launchArgument)
        try await traced(.launch, "launch(with: \(scenario.launchArgument))") { try await driver.launch(configuration) }
    }

    /// The argument that tells the app it runs under UI tests.
    package static let uiTestingArgument = "--uitesting"

    /// Ends the app, as `XCUIApplication.terminate()`.
    public func terminate() async throws {
        try await traced(.terminate, "terminate()") { try await driver.terminate() }
    }

    /// Runs `body` as a step of the test's UI trace, when it keeps one.
    private func traced(_ kind: UITraceEvent.Kind, _ call: String, _ body: () async throws -> Void) async throws {
        guard let trace = UITraceRecorder.current else { return try await body() }
        try await trace.step(kind, call: call, target: nil, location: nil, app: self, body)
    }

    /// Taps the app itself, as `XCUIApplication.tap()`. As in XCUITest, this is how a test
    /// gives its interruption monitors their turn: a dialog open now (a browser dialog, a
    /// permission prompt) goes to the monitors first, and only when none handles it is the
    /// middle of the screen tapped.
    public func tap() async throws {
        if try await handleInterruption() { return }
        try await traced(.action, "tap()") { try await driver.perform(.tap, on: queryDescription) }
    }

    /// Whether the app runs now.
    public var state: AppState {
        get async throws { try await driver.state() }
    }

    // MARK: Evidence

    /// Attaches the screen now as `<name>.png` to the current test; the image is kept with
    /// the test's attachments whether it passes or fails (as an XCUITest suite's `captureScreen`).
    public func captureScreen(_ name: String) async {
        await attachScreen(named: name)
    }

    /// Attaches a screenshot, or a note saying why there is none.
    func attachScreen(named name: String) async {
        do {
            let png = try await driver.screenshot()
            Attachment.record(png, named: name + ".png")
        } catch {
            Attachment.record("no screenshot: \(error)", named: name + ".txt")
        }
    }

    // MARK: Interruptions

    /// Adds a handler for system alerts and browser dialogs that block the test, as XCUITest's
    /// `addUIInterruptionMonitor`: when an action or a look finds a dialog open, the monitors
    /// run newest first until one returns `true` (it handled the dialog).
    @discardableResult
    public func addUIInterruptionMonitor(
        withDescription description: String, handler: @escaping @Sendable (UIAlert) async throws -> Bool
    ) -> InterruptionMonitor {
        let monitor = InterruptionMonitor(description: description, handler: handler)
        settings.withValue { $0.monitors.append(monitor) }
        return monitor
    }

    /// Removes a monitor ``addUIInterruptionMonitor(withDescription:handler:)`` returned.
    public func removeUIInterruptionMonitor(_ monitor: InterruptionMonitor) {
        settings.withValue { $0.monitors.removeAll { $0.id == monitor.id } }
    }

    /// Runs the monitors on the dialog showing now, if any; returns whether one handled it.
    func handleInterruption() async throws -> Bool {
        guard let dialog = try await driver.pendingDialog() else { return false }
        for monitor in settings.value.monitors.reversed() {
            if try await monitor.handler(UIAlert(app: self, dialog: dialog)) { return true }
        }
        return false
    }

    // MARK: Through the driver

    /// What a wait of this app does between two looks: the driver's ``UIDriver/waitForChange(atMost:clock:)``.
    var pauseBetweenLooks: (Duration) async throws -> Void {
        { [driver, clock = waitPolicy.clock] interval in try await driver.waitForChange(atMost: interval, clock: clock) }
    }

    func resolve(_ query: ElementQueryDescription) async throws -> [ElementSnapshot] {
        do {
            return try await driver.resolve(query)
        } catch {
            guard try await handleInterruption() else { throw error }
            return try await driver.resolve(query)
        }
    }

    func perform(_ action: ElementAction, on query: ElementQueryDescription) async throws {
        do {
            try await driver.perform(action, on: query)
        } catch {
            guard try await handleInterruption() else { throw error }
            try await driver.perform(action, on: query)
        }
    }
}

/// A registered interruption handler.
public struct InterruptionMonitor: Sendable {
    let id = UUID()
    /// What the monitor handles, as given.
    public let description: String
    let handler: @Sendable (UIAlert) async throws -> Bool
}

/// The dialog an interruption monitor is handed: its text and buttons.
///
/// ```swift
/// app.addUIInterruptionMonitor(withDescription: "Camera Permission") { alert in
///     if alert.buttons["Allow"].exists {
///         try await alert.buttons["Allow"].tap()
///         return true
///     }
///     return false
/// }
/// ```
public struct UIAlert: Sendable {
    let app: UIApp
    /// The dialog, as the driver reported it.
    public let dialog: SystemDialog

    /// The alert's text.
    public var label: String { dialog.message }

    /// The dialog's buttons by label.
    public var buttons: Buttons { Buttons(alert: self) }

    /// An alert's buttons, by label.
    public struct Buttons: Sendable {
        let alert: UIAlert
        /// The button labelled `label`.
        public subscript(label: String) -> Button { Button(alert: alert, label: label) }
    }

    /// One button of an alert.
    public struct Button: Sendable {
        let alert: UIAlert
        /// The button's label.
        public let label: String
        /// Whether the alert has this button now.
        public var exists: Bool { alert.dialog.buttons.contains(label) }

        /// Presses the button, answering the dialog.
        public func tap() async throws {
            try await alert.app.driver.answerDialog(button: label, text: nil)
        }
    }

    /// Types `text` into a prompt and presses `button`.
    public func answer(_ text: String, pressing button: String) async throws {
        try await app.driver.answerDialog(button: button, text: text)
    }
}
