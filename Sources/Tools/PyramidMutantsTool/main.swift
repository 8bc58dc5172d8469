import ArgumentParser
import Foundation
import PyramidIO

// `pyramid-mutants`: the mutation tester, which `pyramid mutants` and `pyramid demo --mutants`
// run. Its exit codes are pyramid's: 0 the mutants were judged, 1 the score is under
// --fail-under, 2 any error (usage errors included).
LineBufferedOutput.enable()
do {
    var command = try MutantsCommand.parseAsRoot()
    try command.run()
} catch let code as ExitCode {
    exit(code.rawValue)
} catch where MutantsCommand.exitCode(for: error) == .success {
    print(MutantsCommand.fullMessage(for: error))
    exit(0)
} catch {
    FileHandle.standardError.write(Data((MutantsCommand.fullMessage(for: error) + "\n").utf8))
    exit(2)
}
