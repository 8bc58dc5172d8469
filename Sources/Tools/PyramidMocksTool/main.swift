import ArgumentParser
import Foundation
import MocksCommand

// `pyramid-mocks`: the mock generator, for the SwiftPM build plugin, for build scripts that call
// mockolo today, and for `pyramid mocks`, which runs it with its own arguments. Its exit codes are
// pyramid's: 0 success, 2 any error (usage errors included).
do {
    var command = try MocksCommand.parseAsRoot()
    try command.run()
} catch let code as ExitCode {
    exit(code.rawValue)
} catch where MocksCommand.exitCode(for: error) == .success {
    print(MocksCommand.fullMessage(for: error))
    exit(0)
} catch {
    FileHandle.standardError.write(Data((MocksCommand.fullMessage(for: error) + "\n").utf8))
    exit(2)
}
