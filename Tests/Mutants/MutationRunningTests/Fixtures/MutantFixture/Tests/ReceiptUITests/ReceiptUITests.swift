import Foundation
import Testing

/// Drives the app as a person would: launches it (beside the test binary) and reads what it
/// shows. (popen, not Foundation's Process: the app starts with this process's environment.)
@Test func receiptOfTwoAmounts() throws {
    let app = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Receipt").path
    let pipe = try #require(popen("'\(app)' 70 50", "r"))
    var text = ""
    var buffer = [CChar](repeating: 0, count: 256)
    while fgets(&buffer, Int32(buffer.count), pipe) != nil { text += String(cString: buffer) }
    #expect(pclose(pipe) == 0)
    #expect(text == "total 120, free delivery\n")
}
