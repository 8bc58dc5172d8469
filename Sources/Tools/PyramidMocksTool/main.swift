import MocksCommand
import ArgumentParser

// `pyramid-mocks`: the mock generator alone, for the SwiftPM build plugin and for build
// scripts that call mockolo today. `pyramid mocks` is the same command.
MocksCommand.main()
