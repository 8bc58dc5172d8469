/// What the app is launched with: launch arguments, environment and scenario, and
/// the device it is shown on.
public struct LaunchConfiguration: Sendable, Hashable {
    /// Launch arguments.
    public var arguments: [String]
    /// Environment variables.
    public var environment: [String: String]
    /// The device to emulate.
    public var device: DeviceConfiguration

    /// What a launch passes: arguments, environment and device.
    public init(arguments: [String] = [], environment: [String: String] = [:], device: DeviceConfiguration = DeviceConfiguration()) {
        self.arguments = arguments
        self.environment = environment
        self.device = device
    }
}

/// The screen the app is shown on.
public struct DeviceConfiguration: Sendable, Hashable {
    /// How the device is held.
    public enum Orientation: String, Sendable, Hashable {
        /// Upright: taller than wide.
        case portrait
        /// On its side: wider than tall.
        case landscape
    }
    /// Light or dark mode.
    public enum Appearance: String, Sendable, Hashable {
        /// Light mode.
        case light
        /// Dark mode.
        case dark
    }

    /// Points in portrait; landscape swaps them.
    public var width: Int
    /// Points down, in portrait.
    public var height: Int
    /// Pixels a point.
    public var scale: Double
    /// How the device is held.
    public var orientation: Orientation
    /// Light or dark mode.
    public var appearance: Appearance
    /// A BCP 47 locale ("ja-JP").
    public var locale: String

    /// A device: its size in points (portrait), scale, orientation, appearance and locale.
    public init(
        width: Int = 393, height: Int = 852, scale: Double = 1, orientation: Orientation = .portrait,
        appearance: Appearance = .light, locale: String = "en-US"
    ) {
        self.width = width
        self.height = height
        self.scale = scale
        self.orientation = orientation
        self.appearance = appearance
        self.locale = locale
    }

    /// The viewport as shown: width and height swapped in landscape.
    package var viewport: (width: Int, height: Int) {
        orientation == .portrait ? (width, height) : (height, width)
    }

    /// iPhone 16 (393 × 852 points).
    public static let iPhone16 = DeviceConfiguration()
    /// iPhone SE (375 × 667 points).
    public static let iPhoneSE = DeviceConfiguration(width: 375, height: 667)
    /// iPad (820 × 1180 points).
    public static let iPad = DeviceConfiguration(width: 820, height: 1180)
}

/// A named test state the app sets itself up in, as an XCUITest suite's `TestScenario`: its raw value
/// reaches the app as the launch argument `--scenario=<raw value>`.
///
/// ```swift
/// enum TestScenario: String, LaunchScenario {
///     case loggedIn, emptyCart, networkError
/// }
/// try await app.launch(with: TestScenario.emptyCart)
/// ```
public protocol LaunchScenario: RawRepresentable, Sendable where RawValue == String {}

extension LaunchScenario {
    /// `--scenario=<raw value>`.
    package var launchArgument: String { "--scenario=\(rawValue)" }
}
