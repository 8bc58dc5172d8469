import Foundation

/// Choices that shape every generated mock, mirroring mockolo's flags.
public struct RenderOptions: Sendable, Hashable, Codable {
    /// `--mock-final`: mocks are `final class`.
    public var mockFinal: Bool
    /// `--enable-args-history`: every method records its arguments in `fooArgValues`.
    public var argumentsHistory: Bool
    /// `--header`: text placed first in every output file.
    public var header: String?
    /// `-i/--testable-imports`: modules imported with `@testable`.
    public var testableImports: [String]
    /// `-c/--custom-imports`: extra modules to import.
    public var customImports: [String]
    /// `--exclude-imports`: modules never imported.
    public var excludeImports: [String]

    public init(
        mockFinal: Bool = false, argumentsHistory: Bool = false, header: String? = nil, testableImports: [String] = [],
        customImports: [String] = [], excludeImports: [String] = []
    ) {
        self.mockFinal = mockFinal
        self.argumentsHistory = argumentsHistory
        self.header = header
        self.testableImports = testableImports
        self.customImports = customImports
        self.excludeImports = excludeImports
    }
}
