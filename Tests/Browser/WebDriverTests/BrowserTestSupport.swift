import Foundation
import PyramidIO
@testable import WebDriver

/// The login page fixture as a file URL.
func fixtureURL(_ name: String, file: String = #filePath) -> String {
    URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").absoluteString
}

/// Live processes left by a browser: its group's members and anything using its profile.
func leftovers(of browser: Browser) -> [ProcessTable.Entry] {
    leftovers(group: browser.processGroup, profile: browser.profileDirectory)
}

func leftovers(group: Int32, profile: String) -> [ProcessTable.Entry] {
    Array(Set(ProcessTable.members(ofGroup: group) + ProcessTable.processes(commandLineContaining: profile)))
}
