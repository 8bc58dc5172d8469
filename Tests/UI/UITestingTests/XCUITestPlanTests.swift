import Testing
import UITesting
import UITestingXCUITest

/// What the XCUITest driver asks of XCUITest, checked here because XCUITest exists only on iOS:
/// the driver file makes the SDK calls these decisions name.
@Suite("XCUITest driver's plan")
struct XCUITestPlanTests {
    @Test("a device's locale and appearance become the launch arguments iOS reads, after the test's own")
    func launchArguments() {
        let dark = LaunchConfiguration(
            arguments: ["--uitesting"], device: DeviceConfiguration(appearance: .dark, locale: "ja-JP"))
        #expect(XCUITestPlan.launchArguments(dark) == [
            "--uitesting", "-AppleLanguages", "(ja)", "-AppleLocale", "ja_JP", "-AppleInterfaceStyle", "Dark",
        ])
        let light = LaunchConfiguration(device: DeviceConfiguration(locale: "en_GB"))
        #expect(XCUITestPlan.launchArguments(light) == ["-AppleLanguages", "(en)", "-AppleLocale", "en_GB"])
    }

    @Test("each query filter becomes an identifier lookup or a predicate; a subscript key tries the identifier first")
    func lookups() {
        #expect(XCUITestPlan.lookup(.key("login_button")) == .identifierElseLabel("login_button"))
        #expect(XCUITestPlan.lookup(.identifier("email")) == .identifier("email"))
        #expect(XCUITestPlan.lookup(.label("ログイン")) == .predicate(format: "label == %@", argument: "ログイン"))
        #expect(XCUITestPlan.lookup(.labelContains("Log")) == .predicate(format: "label CONTAINS %@", argument: "Log"))
        #expect(XCUITestPlan.lookup(.value("x")) == .predicate(format: "value == %@", argument: "x"))
        #expect(XCUITestPlan.lookup(.placeholder("Email")) == .predicate(format: "placeholderValue == %@", argument: "Email"))
    }

    @Test("scrolling the content one way is a swipe the other way, as in XCUITest")
    func swipes() {
        #expect([ScrollDirection.down, .up, .left, .right].map(XCUITestPlan.swipe) == [.up, .down, .right, .left])
        #expect(XCUITestPlan.deletions(clearing: "abc", delete: "⌫") == "⌫⌫⌫")
        #expect(XCUITestPlan.deletions(clearing: "", delete: "⌫") == "")
    }
}
