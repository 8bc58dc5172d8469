/// A value in a row, as SQLite stored it.
enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    var int: Int? {
        switch self {
        case .integer(let value): Int(value)
        case .real(let value): Int(exactly: value.rounded(.towardZero))
        case .text(let text): Int(text)
        case .null: nil
        }
    }

    var double: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        case .text(let text): Double(text)
        case .null: nil
        }
    }

    var string: String? {
        switch self {
        case .text(let text): text
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .null: nil
        }
    }
}

/// A database opened read-only and immutable (no lock, no journal written: the bundle may sit
/// on a read-only disk), closed when the value is released.
final class SQLiteDatabase {
    private let sqlite: SQLite
    private let handle: OpaquePointer
    /// The database file, for messages.
    let path: String

    /// Opens `path` read-only, or for writing when `writable` (tests and benchmarks that edit
    /// a copy of a bundle; the reader never writes).
    init(path: String, writable: Bool = false) throws(XCResultError) {
        guard let sqlite = SQLite.system else { throw XCResultError(.sqliteUnavailable(SQLite.candidates), path: path) }
        self.sqlite = sqlite
        self.path = path
        var handle: OpaquePointer?
        let status = writable
            ? sqlite.openV2(path, &handle, SQLite.Code.openReadWrite, nil)
            : sqlite.openV2(Self.uri(path), &handle, SQLite.Code.openReadOnly | SQLite.Code.openURI, nil)
        guard status == SQLite.Code.ok, let handle else {
            let message = handle.flatMap { sqlite.errorMessage($0) }.map { String(cString: $0) } ?? "error \(status)"
            _ = sqlite.close(handle)
            throw XCResultError(.unreadableDatabase(message), path: path)
        }
        self.handle = handle
    }

    deinit { _ = sqlite.close(handle) }

    /// `file:` URI for `path`, read-only and immutable, with the characters URIs reserve escaped.
    static func uri(_ path: String) -> String {
        var escaped = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x21, 0x7F...:
                escaped += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            default:
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return "file:\(escaped)?mode=ro&immutable=1"
    }

    /// Every row `sql` returns, each as its columns' values in order.
    func rows(_ sql: String) throws(XCResultError) -> [[SQLiteValue]] {
        var statement: OpaquePointer?
        guard sqlite.prepareV2(handle, sql, -1, &statement, nil) == SQLite.Code.ok, let statement else {
            throw XCResultError(.unreadableDatabase(lastError), path: path)
        }
        defer { _ = sqlite.finalize(statement) }
        let count = sqlite.columnCount(statement)
        var rows: [[SQLiteValue]] = []
        while true {
            let status = sqlite.step(statement)
            if status == SQLite.Code.done { break }
            guard status == SQLite.Code.row else { throw XCResultError(.unreadableDatabase(lastError), path: path) }
            var row: [SQLiteValue] = []
            row.reserveCapacity(Int(count))
            for column in 0..<count {
                switch sqlite.columnType(statement, column) {
                case SQLite.Code.typeInteger: row.append(.integer(sqlite.columnInt64(statement, column)))
                case SQLite.Code.typeFloat: row.append(.real(sqlite.columnDouble(statement, column)))
                case SQLite.Code.typeNull: row.append(.null)
                default:
                    // Text (and a blob, read as text): the length first, so an embedded NUL is kept.
                    let bytes = sqlite.columnText(statement, column)
                    let length = Int(sqlite.columnBytes(statement, column))
                    if let bytes {
                        row.append(.text(String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)))
                    } else {
                        row.append(.null)
                    }
                }
            }
            rows.append(row)
        }
        return rows
    }

    /// Runs `sql`, statements separated by semicolons, for what it changes.
    func execute(_ sql: String) throws(XCResultError) {
        guard sqlite.exec(handle, sql, nil, nil, nil) == SQLite.Code.ok else {
            throw XCResultError(.unreadableDatabase(lastError), path: path)
        }
    }

    /// The names of `table`'s columns; nil when there is no such table.
    func columns(of table: String) throws(XCResultError) -> Set<String>? {
        let rows = try rows("PRAGMA table_info(\"\(table)\")")
        guard !rows.isEmpty else { return nil }
        return Set(rows.compactMap { $0.count > 1 ? $0[1].string : nil })
    }

    private var lastError: String {
        sqlite.errorMessage(handle).map { String(cString: $0) } ?? "unknown error"
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
