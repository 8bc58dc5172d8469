import Foundation
import PyramidTestSupport
import Testing
@testable import UITesting
import UITestingXCUITest
import UITrace

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

    @Test("the accessibility tree as a trace's source page: nested as the app nests it, each element as a query names it, disabled ones marked, every text escaped")
    func accessibilityTree() {
        let tree = XCUITestPlan.AccessibilityNode(
            type: "application", label: "Shop", frame: (0, 0, 393, 852),
            children: [
                XCUITestPlan.AccessibilityNode(type: "window", frame: (0, 0, 393, 852), children: [
                    XCUITestPlan.AccessibilityNode(type: "textField", identifier: "email_field", value: "a@b.jp", frame: (16, 120.5, 361, 44)),
                    XCUITestPlan.AccessibilityNode(
                        type: "button", identifier: "login_button", label: "ログイン <b>&", frame: (16, 300, 361, 50), isEnabled: false),
                ]),
            ])
        let page = XCUITestPlan.accessibilityTreePage(tree)
        #expect(page.hasPrefix("<!doctype html>") && !page.contains("<script"))
        #expect(page.contains(#"<span class="type">textField</span> <span class="id">"email_field"</span> <span class="value">value: a@b.jp</span> <span class="frame">{{16, 120.5}, {361, 44}}</span>"#))
        #expect(page.contains(#"<li class="disabled"><span class="type">button</span> <span class="id">"login_button"</span> <span class="label">label: ログイン &lt;b&gt;&amp;</span>"#))
        #expect(!page.contains("<b>&"))
        #expect(page.components(separatedBy: "<ul>").count - 1 == 3, "the page's list, the application's children, the window's")
    }

    @Test("XCUITest's element types by raw value, as its queries name them; an unknown one says its number")
    func elementTypeNames() {
        let names = [0, 2, 7, 9, 21, 22, 36, 40, 42, 43, 48, 49, 50, 75].map { XCUITestPlan.elementTypeName(rawValue: UInt($0)) }
        #expect(names == [
            "any", "application", "alert", "button", "navigationBar", "tabBar", "activityIndicator", "switch", "link", "image",
            "staticText", "textField", "secureTextField", "cell",
        ])
        #expect(XCUITestPlan.elementTypeName(rawValue: 999) == "element 999")
    }

    @Test("a traced test on a driver that gives its accessibility tree, as the XCUITest driver does: each step's source is the tree's page, its screens before and after as usual")
    func tracedWithTree() async throws {
        let folder = TemporaryFolder("pyramid-ui-trace-tree")
        let fake = FakeUIDriver()
        let screen = [FakeElement(.button, identifier: "login_button", label: "ログイン")]
        fake.show(screen)
        try await withUITrace(in: folder.path, name: "tree") {
            let app = UIApp(driver: TreeDriver(fake: fake, screen: screen))
            try await app.launch()
            try await app.buttons["login_button"].tap()
        }
        let trace = try UITraceFile.read(folder.path)
        #expect(trace.events.map(\.call) == ["launch()", "tap()"])
        for event in trace.events {
            let source = try String(contentsOfFile: folder.path("resources/" + (try #require(event.source))), encoding: .utf8)
            #expect(source.contains("<title>Accessibility tree</title>") && source.contains(#"<span class="id">"login_button"</span>"#))
        }
        #expect(trace.events[1].before != nil && trace.events[1].after != nil)
    }
}

/// A driver that gives a trace the accessibility tree of what the fake shows, as the XCUITest
/// driver gives its app's: everything else is the fake's.
struct TreeDriver: UIDriver, UITraceSourceProviding {
    let fake: FakeUIDriver
    let screen: [FakeElement]

    func traceSource() async throws -> String {
        let children = screen.map { element in
            XCUITestPlan.AccessibilityNode(type: "\(element.type)", identifier: element.identifier, label: element.label)
        }
        return XCUITestPlan.accessibilityTreePage(XCUITestPlan.AccessibilityNode(type: "application", children: children))
    }

    func launch(_ configuration: LaunchConfiguration) async throws { try await fake.launch(configuration) }
    func terminate() async throws { try await fake.terminate() }
    func state() async throws -> AppState { try await fake.state() }
    func resolve(_ query: ElementQueryDescription) async throws -> [ElementSnapshot] { try await fake.resolve(query) }
    func perform(_ action: ElementAction, on query: ElementQueryDescription) async throws { try await fake.perform(action, on: query) }
    func screenshot() async throws -> [UInt8] { try await fake.screenshot() }
    func source() async throws -> String { try await fake.source() }
    func consoleMessages() async throws -> [String] { try await fake.consoleMessages() }
    func pendingDialog() async throws -> SystemDialog? { try await fake.pendingDialog() }
    func answerDialog(button: String, text: String?) async throws { try await fake.answerDialog(button: button, text: text) }
}
