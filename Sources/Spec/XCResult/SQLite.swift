import PyramidIO

/// The system's SQLite 3, loaded with `dlopen` when first needed (see `DynamicLibrary`): only
/// the calls a read-only reader makes.
///
/// SQLite is on every machine that runs Swift (SwiftPM links it; macOS has it in the OS), so a
/// bundle reads on a Linux CI runner with nothing installed and no Apple tool. A package that
/// compiles SQLite's amalgamation (sqlite-nio) or needs its header (GRDB's system-library
/// target on Linux) would add a minute to a cold build or a package to install first.
struct SQLite: @unchecked Sendable {
    typealias OpenV2 = @convention(c) (
        UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?
    ) -> Int32
    typealias Close = @convention(c) (OpaquePointer?) -> Int32
    typealias PrepareV2 = @convention(c) (
        OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?,
        UnsafeMutablePointer<UnsafePointer<CChar>?>?
    ) -> Int32
    typealias Step = @convention(c) (OpaquePointer?) -> Int32
    typealias Finalize = @convention(c) (OpaquePointer?) -> Int32
    typealias ColumnCount = @convention(c) (OpaquePointer?) -> Int32
    typealias ColumnName = @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    typealias ColumnType = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias ColumnInt64 = @convention(c) (OpaquePointer?, Int32) -> Int64
    typealias ColumnDouble = @convention(c) (OpaquePointer?, Int32) -> Double
    typealias ColumnText = @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<UInt8>?
    typealias ColumnBytes = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias ErrorMessage = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    typealias Exec = @convention(c) (
        OpaquePointer?, UnsafePointer<CChar>?, OpaquePointer?, UnsafeMutableRawPointer?,
        UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    ) -> Int32

    /// SQLite's result and type codes that the reader looks at.
    enum Code {
        static let ok: Int32 = 0
        static let row: Int32 = 100
        static let done: Int32 = 101
        static let openReadOnly: Int32 = 0x0000_0001
        static let openReadWrite: Int32 = 0x0000_0002
        static let openURI: Int32 = 0x0000_0040
        static let typeInteger: Int32 = 1
        static let typeFloat: Int32 = 2
        static let typeText: Int32 = 3
        static let typeNull: Int32 = 5
    }

    let openV2: OpenV2
    let close: Close
    let prepareV2: PrepareV2
    let step: Step
    let finalize: Finalize
    let columnCount: ColumnCount
    let columnName: ColumnName
    let columnType: ColumnType
    let columnInt64: ColumnInt64
    let columnDouble: ColumnDouble
    let columnText: ColumnText
    let columnBytes: ColumnBytes
    let errorMessage: ErrorMessage
    /// `sqlite3_exec`, without a callback: for the tests and benchmarks that edit a copy of a bundle.
    let exec: Exec
    /// The file that was loaded, for messages.
    let library: String

    /// The system's SQLite, or nil when none could be loaded. Loaded once.
    static let system: SQLite? = load(candidates: candidates)

    /// The names `dlopen` is asked for, in order.
    static let candidates = ["libsqlite3.so.0", "libsqlite3.so", "libsqlite3.dylib", "/usr/lib/libsqlite3.dylib"]

    static func load(candidates: [String]) -> SQLite? {
        let names = [
            "sqlite3_open_v2", "sqlite3_close_v2", "sqlite3_prepare_v2", "sqlite3_step", "sqlite3_finalize",
            "sqlite3_column_count", "sqlite3_column_name", "sqlite3_column_type", "sqlite3_column_int64",
            "sqlite3_column_double", "sqlite3_column_text", "sqlite3_column_bytes", "sqlite3_errmsg", "sqlite3_exec",
        ]
        guard let library = DynamicLibrary.open(candidates, requiring: names),
              let openV2 = library.function(names[0], as: OpenV2.self),
              let close = library.function(names[1], as: Close.self),
              let prepareV2 = library.function(names[2], as: PrepareV2.self),
              let step = library.function(names[3], as: Step.self),
              let finalize = library.function(names[4], as: Finalize.self),
              let columnCount = library.function(names[5], as: ColumnCount.self),
              let columnName = library.function(names[6], as: ColumnName.self),
              let columnType = library.function(names[7], as: ColumnType.self),
              let columnInt64 = library.function(names[8], as: ColumnInt64.self),
              let columnDouble = library.function(names[9], as: ColumnDouble.self),
              let columnText = library.function(names[10], as: ColumnText.self),
              let columnBytes = library.function(names[11], as: ColumnBytes.self),
              let errorMessage = library.function(names[12], as: ErrorMessage.self),
              let exec = library.function(names[13], as: Exec.self)
        else { return nil }
        return SQLite(
            openV2: openV2, close: close, prepareV2: prepareV2, step: step, finalize: finalize, columnCount: columnCount,
            columnName: columnName, columnType: columnType, columnInt64: columnInt64, columnDouble: columnDouble,
            columnText: columnText, columnBytes: columnBytes, errorMessage: errorMessage, exec: exec, library: library.name)
    }
}
