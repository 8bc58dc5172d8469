/// One table of a result bundle's database, read whole: its rows by `rowid`, and its columns
/// by name, since Xcode versions order them differently.
struct XCResultTable {
    /// The table's name, for messages.
    let name: String
    /// The rows, each `rowid` first, then the columns asked for that the table has.
    let rows: [[SQLiteValue]]
    /// Where each column is in a row.
    private let index: [String: Int]
    /// Row positions by `rowid`.
    private let positions: [Int: Int]

    /// Reads `columns` of `table`, each row with its `rowid`. A column in `required` that the
    /// table lacks is an error naming it; one in `optional` reads as null.
    init(_ table: String, required: [String], optional: [String] = [], from database: SQLiteDatabase) throws(XCResultError) {
        guard let present = try database.columns(of: table) else {
            throw XCResultError(.missingTable(table), path: database.path)
        }
        if let missing = required.first(where: { !present.contains($0) }) {
            throw XCResultError(.missingColumn(table: table, column: missing), path: database.path)
        }
        let wanted = required + optional.filter { present.contains($0) }
        var index: [String: Int] = [:]
        for (offset, column) in wanted.enumerated() { index[column] = offset + 1 }
        let list = (["rowid"] + wanted.map { "\"\($0)\"" }).joined(separator: ", ")
        self.name = table
        self.rows = try database.rows("SELECT \(list) FROM \"\(table)\" ORDER BY rowid")
        self.index = index
        var positions: [Int: Int] = [:]
        positions.reserveCapacity(rows.count)
        for (position, row) in rows.enumerated() {
            if let id = row[0].int { positions[id] = position }
        }
        self.positions = positions
    }

    /// The row whose `rowid` is `id`, or nil.
    func row(_ id: Int?) -> Row? {
        guard let id, let position = positions[id] else { return nil }
        return Row(values: rows[position], index: index)
    }

    /// Every row, in `rowid` order.
    var all: [Row] { rows.map { Row(values: $0, index: index) } }

    /// A row's values by column name.
    struct Row {
        let values: [SQLiteValue]
        let index: [String: Int]

        var id: Int { values[0].int ?? 0 }

        subscript(_ column: String) -> SQLiteValue {
            guard let at = index[column] else { return .null }
            return values[at]
        }
    }
}
