import Foundation

/// Choices that shape every generated mock, one per mockolo flag of the same meaning.
///
/// The defaults generate what `pyramid mocks` generates with none of these flags:
/// open (non-final) mock classes, argument history only where a protocol's
/// `@mockable(history: …)` asks for it, no header, and the imports of the files that
/// declare the mocked protocols and their parents.
public struct RenderOptions: Sendable, Hashable, Codable {
    /// Makes every mock class `final` (`--mock-final`). Mocks of `Sendable` protocols are
    /// final classes either way, and mocks of `Actor` protocols are actors.
    public var mockFinal: Bool
    /// Records every method's arguments in `<method>ArgValues`, not only those a
    /// protocol's `@mockable(history: …)` names (`--enable-args-history`).
    public var argumentsHistory: Bool
    /// Text placed first in every output file, before the generated notice
    /// (`--header`); `nil` or empty places none.
    public var header: String?
    /// Modules imported with `@testable` (`-i/--testable-imports`), usually the modules
    /// that declare the protocols, so the mocks can see their internal types.
    public var testableImports: [String]
    /// Modules imported in addition to those the source files import (`-c/--custom-imports`).
    public var customImports: [String]
    /// Modules never imported, even when a source file imports them (`--exclude-imports`).
    public var excludeImports: [String]
    /// Lets tests set `…CallCount` and `…SetCallCount` (`--allow-set-call-count`), say to
    /// reset them between phases of a test; they are read-only otherwise.
    public var allowSetCallCount = false
    /// Wraps every output file's mocks in `#if <macro>` … `#endif` (`--macro`), so they
    /// compile only in builds that define it.
    public var macro: String?
    /// Mocks annotated classes too, as subclasses that override their members (`--mock-all`).
    public var mockClasses = false
    /// Writes `AnyPublisher` properties as plain settable properties with no subject
    /// behind them (`--disable-combine-default-values`).
    public var disableCombineDefaultValues = false
    /// Makes each method body one call to a `mockFunc` helper written into the file
    /// (`--use-template-func`), as mockolo's option does.
    public var useTemplateFunc = false

    /// Options for a generation run; every parameter defaults to the flag being absent.
    ///
    /// - Parameters:
    ///   - mockFinal: Whether mock classes are `final` (`--mock-final`).
    ///   - argumentsHistory: Whether every method records its arguments in
    ///     `<method>ArgValues` (`--enable-args-history`).
    ///   - header: Text placed first in every output file (`--header`).
    ///   - testableImports: Modules imported with `@testable` (`-i`).
    ///   - customImports: Extra modules to import (`-c`).
    ///   - excludeImports: Modules never to import (`--exclude-imports`).
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
