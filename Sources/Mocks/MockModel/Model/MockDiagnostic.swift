/// A problem in the input that cost a mock but not the run: a syntax error, a protocol
/// that cannot be mocked, a file that is not UTF-8.
///
/// The generator skips what the diagnostic names and still writes every other mock;
/// `MockGenerationReport.diagnostics` (in MockGen) lists them in input order. `description` is the
/// line a compiler would print, so editors and CI logs link it to the source:
///
/// ```
/// Sources/App/Service.swift:12:5: warning: protocol 'Service' has syntax errors; no mock generated
/// ```
public struct MockDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where the problem is.
    public let location: Location
    /// What is wrong and what the generator did about it, without the location.
    public let message: String

    package init(location: Location, message: String) {
        self.location = location
        self.message = message
    }

    /// `file:line:column: warning: message`.
    public var description: String { "\(location): warning: \(message)" }
}

extension MockDiagnostic {
    /// A position in a source file, for messages a reader can jump to.
    public struct Location: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The source file's path, as it was given to the generator.
        public let file: String
        /// The 1-based line.
        public let line: Int
        /// The 1-based column, counted in UTF-8 bytes as the compiler counts it.
        public let column: Int

        package init(file: String, line: Int, column: Int = 1) {
            self.file = file
            self.line = line
            self.column = column
        }

        /// `file:line:column`.
        public var description: String { "\(file):\(line):\(column)" }
    }
}
