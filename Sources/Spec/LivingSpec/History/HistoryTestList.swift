import Foundation
import PyramidIO
import TestEventStream

/// A list of tests that a history's runs (version 3) point to, one line of the history:
///
/// ```json
/// {"catalog":"5F0C…","tests":[{"id":"ShopTests.CartTests/total()","level":"unit","name":"Cart › the total adds every line"}],"version":3}
/// {"catalog":"A91E…","extends":"5F0C…","tests":[{"id":"ShopTests.CartTests/empty()","level":"unit","name":"Cart › empty"}],"version":3}
/// ```
///
/// `catalog` is the list's key: 32 hex digits made from the whole list (each test's id, level
/// and name, in order), so the same list has the same key on every machine, and histories joined
/// from several machines never mix two lists up. A list that `extends` another is that one's
/// tests, in order, then its own: a test whose id is in the other list replaces it in place (its
/// level or name changed), any other is added at the end.
struct HistoryTestList: Sendable, Equatable {
    /// A test as a list holds it.
    struct Entry: Sendable, Equatable {
        var id: String
        var level: String?
        var name: String?
    }

    var key: String
    var extends: String?
    /// The line's own tests: the whole list, or what it adds to the one it extends.
    var entries: [Entry]

    /// The bytes every list's line starts with, and no run's.
    static let prefix: StaticString = #"{"catalog":""#

    /// The key of a whole list: two FNV-1a hashes (one salted) of its tests' fields.
    static func key(of entries: [Entry]) -> String {
        var first = FNV1a(), second = FNV1a()
        second.combine([0x33])
        for entry in entries {
            for field in [entry.id, entry.level ?? "\u{1}", entry.name ?? "\u{1}"] {
                first.combine(field.utf8)
                second.combine(field.utf8)
                first.combine([0])
                second.combine([0])
            }
        }
        return String(format: "%016llX%016llX", first.value, second.value)
    }

    /// The line, keys sorted, without its line break.
    func jsonText() -> TextBuffer {
        var line = TextBuffer("{\"catalog\":")
        line.reserveCapacity(64 + entries.count * 100)
        Markup.appendJSONString(key, to: &line)
        if let extends {
            line += ",\"extends\":"
            Markup.appendJSONString(extends, to: &line)
        }
        line += ",\"tests\":["
        for index in entries.indices {
            let entry = entries[index]
            line += index > 0 ? ",{\"id\":" : "{\"id\":"
            Markup.appendJSONString(entry.id, to: &line)
            if let level = entry.level {
                line += ",\"level\":"
                Markup.appendJSONString(level, to: &line)
            }
            if let name = entry.name {
                line += ",\"name\":"
                Markup.appendJSONString(name, to: &line)
            }
            line += "}"
        }
        line += "],\"version\":3}"
        return line
    }

    /// Whether `line` is a list's line (it starts as one; it may still be damaged).
    static func isList(_ line: UnsafeRawBufferPointer) -> Bool {
        var scanner = JSONScanner(line)
        return scanner.literal(prefix)
    }

    /// The list on `line`; nil when it is not a whole one.
    static func scan(_ line: UnsafeRawBufferPointer) -> HistoryTestList? {
        var scanner = JSONScanner(line)
        var key: String?, extends: String?, entries: [Entry]?, version: Int?
        do throws(JSONScanner.Failure) {
            try scanner.object { name, value throws(JSONScanner.Failure) in
                if name.equals("catalog") {
                    key = try value.string()
                } else if name.equals("extends") {
                    extends = try value.optionalString()
                } else if name.equals("version") {
                    version = try value.int()
                } else if name.equals("tests") {
                    var list: [Entry] = []
                    try value.array { element throws(JSONScanner.Failure) in
                        var id: String?, level: String?, testName: String?
                        try element.object { field, value throws(JSONScanner.Failure) in
                            if field.equals("id") {
                                id = try value.string()
                            } else if field.equals("level") {
                                level = try value.optionalString()
                            } else if field.equals("name") {
                                testName = try value.optionalString()
                            } else {
                                try value.skipValue()
                            }
                        }
                        guard let id else { throw JSONScanner.Failure(offset: 0, reason: "a test without its id") }
                        list.append(Entry(id: id, level: level, name: testName))
                    }
                    entries = list
                } else {
                    try value.skipValue()
                }
            }
            try scanner.end()
        } catch {
            return nil
        }
        guard let key, let entries, version == 3, key.utf8.count == 32 else { return nil }
        return HistoryTestList(key: key, extends: extends, entries: entries)
    }
}

/// The test lists of a history file, each found by its key and made whole on demand.
struct HistoryTestLists: Sendable {
    /// Each list's line by its key (the first, when a joined history holds one twice).
    private(set) var lines: [String: HistoryTestList] = [:]
    /// Lines not read yet, by their key: where they are in `file` (``read(from:)``).
    private var unread: [String: Range<Int>] = [:]
    private var file = Data()
    /// The key of the last list in the file.
    private(set) var last: String?
    /// Lists made whole, and how many lines each took.
    private var whole: [String: (entries: [HistoryTestList.Entry], depth: Int)] = [:]

    /// The longest chain of lists that extend one another the writer makes: past it, a whole list.
    static let deepest = 16

    init() {}

    mutating func add(_ list: HistoryTestList) {
        if lines[list.key] == nil { lines[list.key] = list }
        last = list.key
    }

    /// Whether the file holds the list `key` (read or not).
    func holds(_ key: String) -> Bool { lines[key] != nil || unread[key] != nil }

    /// The line of the list `key`, read now if it was not.
    private mutating func line(_ key: String) -> HistoryTestList? {
        if let list = lines[key] { return list }
        guard let range = unread.removeValue(forKey: key) else { return nil }
        let list = file.withUnsafeBytes { HistoryTestList.scan(UnsafeRawBufferPointer(rebasing: $0[range])) }
        if let list { lines[key] = list }
        return list
    }

    /// The whole list `key` names, and how many lines it takes; nil when the file does not
    /// hold it, or one of the lists it extends.
    mutating func resolve(_ key: String) -> (entries: [HistoryTestList.Entry], depth: Int)? {
        if let done = whole[key] { return done }
        // The chain, newest first, followed without recursion.
        var chain: [HistoryTestList] = []
        var next: String? = key
        while let current = next {
            if let done = whole[current] {
                return fold(chain, onto: done, key: key)
            }
            guard chain.count <= lines.count + unread.count, let list = line(current) else { return nil }
            chain.append(list)
            next = list.extends
        }
        return fold(chain, onto: ([], 0), key: key)
    }

    private mutating func fold(
        _ chain: [HistoryTestList], onto base: (entries: [HistoryTestList.Entry], depth: Int), key: String
    ) -> (entries: [HistoryTestList.Entry], depth: Int) {
        var result = base
        for list in chain.reversed() {
            result = (Self.extend(result.entries, with: list.entries), result.depth + 1)
            whole[list.key] = result
        }
        return whole[key] ?? result
    }

    /// `base` extended by `entries`: each whose id is in `base` replaces it in place, the others
    /// are added at the end, in order.
    static func extend(_ base: [HistoryTestList.Entry], with entries: [HistoryTestList.Entry]) -> [HistoryTestList.Entry] {
        var result = base
        var positions: [String: [Int]] = [:]
        for index in base.indices { positions[base[index].id, default: []].append(index) }
        for entry in entries {
            if var found = positions[entry.id], !found.isEmpty {
                result[found.removeFirst()] = entry
                positions[entry.id] = found
            } else {
                result.append(entry)
            }
        }
        return result
    }

    /// The lists of the file at `path`, from its mapped bytes: each line that starts as a list's
    /// is found by its key, and read only when it is needed (a list that cannot be read is then
    /// passed over, as if it were not there: the runs that need it are the reader's to report).
    /// The last list is the last line that reads as one.
    static func read(from path: String) -> HistoryTestLists {
        var lists = HistoryTestLists()
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return lists }
        lists.file = data
        var found: [(key: String, range: Range<Int>)] = []
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            let keyStart = HistoryTestList.prefix.utf8CodeUnitCount
            while start < buffer.count {
                var end = buffer.count
                if let newline = memchr(base + start, 0x0A, buffer.count - start) { end = UnsafeRawPointer(newline) - base }
                let line = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
                if line.count > keyStart + 33, HistoryTestList.isList(line), line[keyStart + 32] == UInt8(ascii: "\"") {
                    let key = String(decoding: UnsafeRawBufferPointer(rebasing: line[keyStart..<(keyStart + 32)]), as: UTF8.self)
                    found.append((key, start..<end))
                }
                start = end + 1
            }
        }
        for (key, range) in found where lists.unread[key] == nil { lists.unread[key] = range }
        // The last list that reads.
        for (key, _) in found.reversed() where lists.line(key) != nil {
            lists.last = key
            break
        }
        return lists
    }

    /// Where `tests` are in `list`, by id (two tests with one id each take the next place with
    /// it); nil when one is not there with the same level and name.
    static func positions(of tests: [HistoryRecord.Test], in list: [HistoryTestList.Entry]) -> [Int]? {
        var places: [String: [Int]] = [:]
        for index in list.indices { places[list[index].id, default: []].append(index) }
        var result: [Int] = []
        result.reserveCapacity(tests.count)
        for test in tests {
            guard var found = places[test.id], !found.isEmpty else { return nil }
            let position = found.removeFirst()
            places[test.id] = found
            guard list[position].level == test.level, list[position].name == test.name else { return nil }
            result.append(position)
        }
        return result
    }
}
