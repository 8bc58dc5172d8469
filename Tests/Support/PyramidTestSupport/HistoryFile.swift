import Foundation

/// A history file read as its format is documented, independently of the reader under test:
/// each run as an object with its tests an array of objects (`id`, `level`, `name`, `outcome`,
/// `attempts`, `failure`, `quarantined`), as version 2 wrote them; version 3's runs resolved
/// through their test lists.
package enum HistoryFile {
    package struct Malformed: Error, CustomStringConvertible {
        package var description: String
    }

    static let outcomes: [Character: String] = [
        "p": "passed", "w": "warning", "k": "knownIssue", "f": "flaky", "s": "skipped", "c": "cancelled", "x": "failed",
    ]

    /// The runs of the history file at `path`, in the file's order.
    package static func runs(_ path: String) throws -> [[String: Any]] {
        var lists: [String: [[String: Any]]] = [:]
        var runs: [[String: Any]] = []
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { throw Malformed(description: "\(line)") }
            if let key = object["catalog"] as? String {
                var tests: [[String: Any]] = []
                if let base = object["extends"] as? String {
                    guard let found = lists[base] else { throw Malformed(description: "\(key) extends \(base), not before it") }
                    tests = found
                }
                for entry in object["tests"] as? [[String: Any]] ?? [] {
                    if let index = tests.firstIndex(where: { $0["id"] as? String == entry["id"] as? String }) {
                        tests[index] = entry
                    } else {
                        tests.append(entry)
                    }
                }
                lists[key] = tests
            } else if let key = object["tests"] as? String {
                guard let list = lists[key], let letters = object["outcomes"] as? String, letters.count == list.count else {
                    throw Malformed(description: "a run whose list \(key) is not before it, or does not fit it: \(line.prefix(300))")
                }
                let durations = object["durations"] as? [Any] ?? []
                let failures = object["failures"] as? [String: String] ?? [:]
                let attempts = object["attempts"] as? [String: Int] ?? [:]
                let quarantined = Set(object["quarantined"] as? [Int] ?? [])
                var tests: [[String: Any]] = []
                for (position, letter) in letters.enumerated() where letter != "-" {
                    var test = list[position]
                    test["outcome"] = outcomes[letter]
                    test["attempts"] = attempts[String(position)] ?? 1
                    if let failure = failures[String(position)] { test["failure"] = failure }
                    if quarantined.contains(position) { test["quarantined"] = true }
                    if let micros = durations[tests.count] as? Int { test["duration"] = Double(micros) / 1e6 }
                    tests.append(test)
                }
                var run = object
                run["tests"] = tests
                runs.append(run)
            } else {
                runs.append(object)
            }
        }
        return runs
    }
}
