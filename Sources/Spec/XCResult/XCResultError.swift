/// Why a result bundle (or xcresulttool's JSON) could not be read: what was expected, and in
/// which file.
@_spi(PyramidTools) public struct XCResultError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bundle, database or JSON file it is about.
    @_spi(PyramidTools) public var path: String
    /// What is wrong.
    @_spi(PyramidTools) public var reason: Reason

    /// An error about `path`.
    @_spi(PyramidTools) public init(_ reason: Reason, path: String) {
        self.reason = reason
        self.path = path
    }

    /// What is wrong, precisely enough to act on.
    @_spi(PyramidTools) public enum Reason: Error, Sendable, Equatable {
        /// Nothing is at the path.
        case missing
        /// The path is not a result bundle (a file, or a folder without `Info.plist`).
        case notABundle
        /// The bundle has no files at all.
        case emptyBundle
        /// The bundle has no `database.sqlite3`: `xcresulttool` writes it the first time it
        /// reads the bundle, so a bundle straight from Xcode may lack it.
        case noDatabase
        /// The database cannot be opened or read: SQLite's reason (truncated, not a database,
        /// corrupt).
        case unreadableDatabase(String)
        /// A table the reader needs is not in the database.
        case missingTable(String)
        /// A column the reader needs is not in its table.
        case missingColumn(table: String, column: String)
        /// A row refers to a row that is not there, or holds a value of the wrong kind.
        case inconsistent(String)
        /// The JSON cannot be read, or is not xcresulttool's `test-results tests` output; why.
        case unreadableJSON(String)
        /// SQLite could not be loaded from the system (the names tried).
        case sqliteUnavailable([String])
    }

    @_spi(PyramidTools) public var description: String {
        "\(path): " + Self.message(for: reason)
    }

    private static let versions = "this reader knows the databases of Xcode 16 and Xcode 26"

    private static func message(for reason: Reason) -> String {
        switch reason {
        case .missing:
            return "no such file or folder"
        case .notABundle:
            return "not an Xcode result bundle: expected a folder (such as Test.xcresult) holding Info.plist and database.sqlite3"
        case .emptyBundle:
            return "the result bundle is empty: expected Info.plist and database.sqlite3 in it"
        case .noDatabase:
            return """
                the result bundle has no database.sqlite3. Xcode's tools write it the first time they read \
                the bundle: run `xcrun xcresulttool get test-results summary --path <bundle>` once on a Mac, \
                or pass the JSON of `xcrun xcresulttool get test-results tests --path <bundle> --format json` \
                with --xcresult-json
                """
        case let .unreadableDatabase(why):
            return "database.sqlite3 cannot be read as an SQLite database (\(why)); the bundle may be truncated or corrupt"
        case let .missingTable(table):
            return "the database has no table \(table); the bundle may come from a newer Xcode (\(versions))"
        case let .missingColumn(table, column):
            return "the database's table \(table) has no column \(column); the bundle may come from a newer Xcode (\(versions))"
        case let .inconsistent(what):
            return "the database is inconsistent: \(what)"
        case let .unreadableJSON(why):
            return "not the JSON of `xcresulttool get test-results tests`: \(why)"
        case let .sqliteUnavailable(names):
            return "SQLite could not be loaded (tried \(names.joined(separator: ", "))); install libsqlite3"
        }
    }
}
