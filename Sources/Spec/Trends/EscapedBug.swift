import Foundation

/// A bug found in production, from the file a team keeps or exports from its tracker
/// (`--escaped`): the bugs the tests did not catch, which the detection rate needs.
package struct EscapedBug: Sendable, Equatable {
    /// When it was found, in seconds since 1970.
    package var time: Double
    package var id: String?
    package var title: String?
    package var component: String?

    package init(time: Double, id: String? = nil, title: String? = nil, component: String? = nil) {
        self.time = time
        self.id = id
        self.title = title
        self.component = component
    }

    /// The bugs in `path`: a JSON array of objects with `date` (`2026-05-04` or an ISO 8601
    /// time) and optional `id`, `title`, `component`; or CSV with a header line naming a `date`
    /// column and, optionally, `id`, `title` and `component` ones.
    ///
    /// - Throws: ``EscapedBugError`` naming the file, and the entry or line that is wrong.
    package static func read(_ path: String) throws(EscapedBugError) -> [EscapedBug] {
        guard FileManager.default.fileExists(atPath: path) else { throw .missing(path) }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path, reason: "cannot be read") }
        let text = String(decoding: data, as: UTF8.self)
        if text.drop(while: { $0.isWhitespace }).first == "[" { return try json(data, path: path) }
        return try csv(text, path: path)
    }

    static func json(_ data: Data, path: String) throws(EscapedBugError) -> [EscapedBug] {
        let objects: [[String: Any]]
        do {
            guard let array = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
                throw EscapedBugError.unreadable(path, reason: "not an array of objects")
            }
            objects = array
        } catch let error as EscapedBugError {
            throw error
        } catch {
            throw .unreadable(path, reason: "not JSON (\(error.localizedDescription))")
        }
        var bugs: [EscapedBug] = []
        for (index, object) in objects.enumerated() {
            guard let date = object["date"] as? String, let time = Self.time(date) else {
                throw .badEntry(path, entry: "entry \(index + 1)", reason: "no date such as 2026-05-04")
            }
            bugs.append(EscapedBug(time: time, id: Self.text(object["id"]), title: object["title"] as? String, component: object["component"] as? String))
        }
        return bugs
    }

    static func csv(_ text: String, path: String) throws(EscapedBugError) -> [EscapedBug] {
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
        guard let header = lines.first else { throw .unreadable(path, reason: "empty") }
        let columns = fields(header).map { $0.lowercased() }
        guard let date = columns.firstIndex(of: "date") else {
            throw .unreadable(path, reason: "its first line names no date column (found: \(columns.joined(separator: ", ")))")
        }
        func column(_ name: String, _ row: [String]) -> String? {
            guard let index = columns.firstIndex(of: name), index < row.count, !row[index].isEmpty else { return nil }
            return row[index]
        }
        var bugs: [EscapedBug] = []
        for (index, line) in lines.enumerated().dropFirst() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let row = fields(line)
            guard date < row.count, let time = Self.time(row[date]) else {
                throw .badEntry(path, entry: "line \(index + 1)", reason: "no date such as 2026-05-04 in its \(columns[date]) column")
            }
            bugs.append(EscapedBug(time: time, id: column("id", row), title: column("title", row), component: column("component", row)))
        }
        return bugs
    }

    /// A CSV line's fields: commas split them, double quotes hold commas and `""` a quote.
    static func fields(_ line: String) -> [String] {
        var fields: [String] = [], current = "", quoted = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            switch character {
            case "\"" where quoted:
                if let next = characters.next() {
                    if next == "\"" { current.append("\"") } else if next == "," { fields.append(current); current = ""; quoted = false } else { quoted = false; current.append(next) }
                } else {
                    quoted = false
                }
            case "\"" where current.isEmpty: quoted = true
            case "," where !quoted:
                fields.append(current)
                current = ""
            default: current.append(character)
            }
        }
        fields.append(current)
        return fields.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// `2026-05-04` (midnight UTC) or an ISO 8601 time.
    static func time(_ text: String) -> Double? {
        let text = text.trimmingCharacters(in: .whitespaces)
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.timeZone = TimeZone(identifier: "UTC")
        day.dateFormat = "yyyy-MM-dd"
        if text.count == 10, let date = day.date(from: text) { return date.timeIntervalSince1970 }
        return ISO8601DateFormatter().date(from: text)?.timeIntervalSince1970
    }

    static func text(_ value: Any?) -> String? {
        switch value {
        case let string as String: string
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }
}

/// Why the escaped bugs could not be read: what, and where.
package enum EscapedBugError: Error, Sendable, Equatable, CustomStringConvertible {
    case missing(String)
    case unreadable(String, reason: String)
    case badEntry(String, entry: String, reason: String)

    package var description: String {
        switch self {
        case .missing(let path): "\(path): no such file (--escaped names the production bugs: JSON or CSV with a date each)"
        case .unreadable(let path, let reason): "\(path): cannot be read as escaped bugs: \(reason)"
        case .badEntry(let path, let entry, let reason): "\(path), \(entry): \(reason)"
        }
    }
}
