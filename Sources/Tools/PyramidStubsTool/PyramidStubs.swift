import ArgumentParser
import Foundation
import PyramidIO

/// `pyramid-stubs`: the HTTP stub server, its recorder and its drift check, which `pyramid stubs`
/// runs. An executable of its own because proxying to real APIs (https among them) goes through
/// URLSession, whose FoundationNetworking (libcurl and twenty more libraries) every `pyramid`
/// command would otherwise load as it starts. Its exit codes are pyramid's: 0 success, 1 drift
/// found (`verify`), 2 any error (usage errors included).
@main
enum PyramidStubs {
    static func main() async {
        LineBufferedOutput.enable()
        do {
            var command = try StubsCommand.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch where StubsCommand.exitCode(for: error) == .success {
            print(StubsCommand.fullMessage(for: error))
            exit(0)
        } catch {
            FileHandle.standardError.write(Data((StubsCommand.fullMessage(for: error) + "\n").utf8))
            exit(2)
        }
    }
}
