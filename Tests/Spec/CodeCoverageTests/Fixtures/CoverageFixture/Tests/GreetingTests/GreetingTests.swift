import Foundation
import Greeting
import Testing

extension Tag {
    @Tag static var unit: Self
    @Tag static var ui: Self
}

@Suite(.tags(.unit))
struct GreetingUnitTests {
    @Test func morning() {
        #expect(greeting(for: "a", hour: 9) == "Good morning, a")
    }
}

@Suite(.tags(.ui))
struct GreetingAppTests {
    /// Runs the app as a process (its environment this one's), as a UI test launches the app it drives.
    @Test func launchesTheApp() {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("greet").path
        var arguments: [UnsafeMutablePointer<CChar>?] = [strdup(path), strdup("15"), nil]
        defer { for argument in arguments { free(argument) } }
        var pid: pid_t = 0
        #expect(posix_spawn(&pid, path, nil, nil, &arguments, environ) == 0)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        #expect(status == 0)
    }
}
