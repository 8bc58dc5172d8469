import Foundation
import GridTestSupport
import PyramidIO
import PyramidTestSupport
import Testing
import WebDriver

extension CheckoutBuildTests {
    /// `pyramid demo --shard` and `pyramid merge` on the real reference app: two shards run as
    /// separate processes and merged equal one run; conflicting shards fail and write nothing; the
    /// demo runs on two remote ends with no browser of its own.
    @Suite("Shards, merge and remote ends", .serialized, .timeLimit(.minutes(15)))
    struct ShardMergeCommandTests {
        static let checkout = DemoCommandTests.checkout
        /// Part of the pyramid, to keep the runs short: three screens' snapshots and the login view model.
        static let filters = ["--filter", "ShopScreenSnapshotTests/(cart|home|profile)", "--filter", "LoginViewModelTests"]

        /// Timings are the only differences allowed: `time="…"`, the catalog's `generatedAt`, and
        /// the spec's durations (`9.82 s`, `17 ms`).
        /// The text without what differs from run to run: timings, and what rendering noise decides
        /// (a cell identical in one run can pass within tolerance in another: its verdict property,
        /// and its count beside the passed ones).
        static func withoutTimings(_ text: String) -> String {
            text.replacingOccurrences(of: #"time="[^"]*""#, with: "time", options: .regularExpression)
                .replacingOccurrences(of: #""generatedAt" : "[^"]*""#, with: "generatedAt", options: .regularExpression)
                .replacingOccurrences(of: #"[0-9]+(\.[0-9]+)? (s|ms)\b"#, with: "DURATION", options: .regularExpression)
                .replacingOccurrences(of: #"\n *<properties>(\n *<property [^\n]*/>)*\n *</properties>"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"<testcase ([^>]*)>\n *</testcase>"#, with: "<testcase $1/>", options: .regularExpression)
                .replacing(/(\d+) passed, (\d+) within tolerance/) { match in "\(Int(match.1)! + Int(match.2)!) passed" }
        }

        static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

        static func files(under folder: String) -> [String: String] {
            var result: [String: String] = [:]
            for path in (FileManager.default.subpaths(atPath: folder) ?? []) where path.hasSuffix(".json") {
                result[path] = (try? read(folder + "/" + path)) ?? ""
            }
            return result
        }

        @Test("two shards, run as separate processes and merged, equal one run: catalog, manifests, JUnit, spec and coverage per level, apart from timings")
        func twoShardsEqualOneRun() async throws {
            let folder = TemporaryFolder("pyramid-cli", create: true)
            // The merge joins no history here, so neither does the one run.
            let whole = try await CLI.run(["demo", "-o", folder.path("whole"), "--no-history"] + Self.filters, in: Self.checkout)
            #expect(whole.status == 0, "\(whole.stdout)\n\(whole.stderr)")
            var shardTests: [Int] = []
            for index in 1...2 {
                // The second shard as Bazel deals it (0-based): --shard auto must give the same share as 2/2.
                let (shardOption, environment) = index == 1
                    ? ("1/2", [:]) : ("auto", ["TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "2", "TEST_SHARD_STATUS_FILE": folder.path("status")])
                let shard = try await CLI.run(
                    ["demo", "--shard", shardOption, "-o", folder.path("shard\(index)")] + Self.filters, in: Self.checkout, environment: environment)
                #expect(shard.status == 0, "\(shard.stdout)\n\(shard.stderr)")
                #expect(shard.stdout.contains("Shard \(index)/2: "), "\(shard.stdout)")
                if index == 2 {
                    #expect(shard.stdout.contains("--shard auto: shard 2/2 from Bazel (TEST_SHARD_INDEX=1, TEST_TOTAL_SHARDS=2)"), "\(shard.stdout)")
                    #expect(FileManager.default.fileExists(atPath: folder.path("status")), "Bazel's TEST_SHARD_STATUS_FILE is touched")
                }
                #expect(!FileManager.default.fileExists(atPath: folder.path("shard\(index)-history")), "a shard joins no history by default: its merge does")
                let record = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("shard\(index)/pyramid-run.json")))) as? [String: Any]
                shardTests.append(record?["tests"] as? Int ?? 0)
            }
            let wholeRecord = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("whole/pyramid-run.json")))) as? [String: Any]
            #expect(shardTests.allSatisfy { $0 > 0 }, "each shard ran tests: \(shardTests)")
            #expect(shardTests.reduce(0, +) == wholeRecord?["tests"] as? Int, "the shards ran every test once between them")

            let merge = try await CLI.run(["merge", folder.path("shard1"), folder.path("shard2"), "-o", folder.path("merged")], in: Self.checkout)
            #expect(merge.status == 0, "\(merge.stdout)\n\(merge.stderr)")
            let merged = folder.path("merged"), one = folder.path("whole")
            for file in ["snapshot-catalog.json", "snapshots-junit.xml", "junit.xml", "spec.md"] {
                let mergedLines = Self.withoutTimings(try Self.read(merged + "/" + file)).split(separator: "\n", omittingEmptySubsequences: false)
                let oneLines = Self.withoutTimings(try Self.read(one + "/" + file)).split(separator: "\n", omittingEmptySubsequences: false)
                let firstDifference = zip(mergedLines, oneLines).enumerated().first { $0.element.0 != $0.element.1 }
                #expect(mergedLines == oneLines, "\(file), first difference at line \((firstDifference?.offset).map { $0 + 1 } ?? min(mergedLines.count, oneLines.count) + 1): merged \(firstDifference.map { String($0.element.0) } ?? "(end)") / one run \(firstDifference.map { String($0.element.1) } ?? "(end)")")
            }
            // Coverage per level from the shards' raw profiles, merged as one run's: the spec's table
            // of lines and regions per level, compared above, is the one run's.
            #expect(try Self.read(merged + "/spec.md").contains("## Coverage per level"))
            #expect(merge.stdout.contains("Coverage") && !merge.stdout.contains("coverage not merged"), "\(merge.stdout)")
            #expect(Self.files(under: merged + "/manifests") == Self.files(under: one + "/manifests"))
            #expect(!Self.files(under: one + "/manifests").isEmpty)
            let wholeCells = try #require(whole.stdout.split(separator: "\n").first { $0.hasPrefix("Snapshot cells:") })
            #expect(Self.withoutTimings(merge.stdout).contains(Self.withoutTimings(String(wholeCells))), "\(merge.stdout)")
            #expect(FileManager.default.fileExists(atPath: merged + "/index.html") && FileManager.default.fileExists(atPath: merged + "/gallery.html"))

            // A second merge into the same folder overwrites nothing.
            let again = try await CLI.run(["merge", folder.path("shard1"), folder.path("shard2"), "-o", merged], in: Self.checkout)
            #expect(again.status == 2 && again.stderr.contains("already exists"), "\(again.stderr)")

            // Every shard, each once: a shard left out or given twice; a copy that reports a cell otherwise.
            let half = try await CLI.run(["merge", folder.path("shard1"), "-o", folder.path("half")], in: Self.checkout)
            #expect(half.status == 2 && half.stderr.contains("shard 2/2 of 2 is missing"), "\(half.stderr)")
            let twice = try await CLI.run(["merge", folder.path("shard1"), folder.path("shard1"), "-o", folder.path("twice")], in: Self.checkout)
            #expect(twice.status == 2, "\(twice.stdout)")
            #expect(twice.stderr.contains("shard 1/2 is given twice") && twice.stderr.contains(folder.path("shard1")), "\(twice.stderr)")
            for output in ["half", "twice"] { #expect(!FileManager.default.fileExists(atPath: folder.path(output))) }

            let liar = folder.path("liar")
            try FileManager.default.copyItem(atPath: folder.path("shard2"), toPath: liar)
            let cellsOfShard1 = try Self.read(folder.path("shard1/snapshot-report.jsonl")).split(separator: "\n")
            if let first = cellsOfShard1.first {
                let changed = first.replacingOccurrences(of: #""outcome":"passed""#, with: #""outcome":"failed""#)
                try (changed + "\n").write(toFile: liar + "/snapshot-report.jsonl", atomically: true, encoding: .utf8)
                let conflict = try await CLI.run(["merge", folder.path("shard1"), liar, "-o", folder.path("conflict")], in: Self.checkout)
                #expect(conflict.status == 2, "\(conflict.stdout)")
                #expect(conflict.stderr.contains("was reported differently by \(folder.path("shard1")) and \(liar)"), "\(conflict.stderr)")
                #expect(!FileManager.default.fileExists(atPath: folder.path("conflict")))
            } else {
                Issue.record("shard 1 reported no snapshot cell")
            }
        }

        @Test("the demo renders on two remote ends and starts no browser: no Chromium or chromedriver is ever its descendant; no session is left on either end")
        func demoOnRemoteEnds() async throws {
            try await withGridNodes(2) { nodes in
                let folder = TemporaryFolder("pyramid-cli", create: true)
                let output = folder.path("remote.log")
                let process = try ChildProcess(
                    executable: CLI.executable.path,
                    arguments: ["demo", "-o", folder.path("remote"), "--filter", "ShopScreenSnapshotTests/(cart|home)", "--filter", "LoginFlowUITests/testSuccessfulLogin"],
                    environment: [RemoteEnd.environmentVariable: nodes.map { "\($0.end)" }.joined(separator: ",")],
                    directory: Self.checkout.path, output: .file(output))
                var local: Set<String> = []
                var onNodes: Set<Int32> = []
                while process.isRunning {
                    for entry in ProcessTable.descendants(of: process.pid)
                    where entry.commandLine.contains("chromium") || entry.commandLine.contains("chromedriver") || entry.commandLine.contains("chrome") {
                        local.insert(entry.commandLine)
                    }
                    for node in nodes where ProcessTable.members(ofGroup: node.process.pid).contains(where: { $0.commandLine.contains("chromium") }) {
                        onNodes.insert(node.process.pid)
                    }
                    try await Task.sleep(for: .milliseconds(100))
                }
                let log = try Self.read(output)
                #expect(process.wait() == 0, "\(log)")
                #expect(local.isEmpty, "the demo started browsers of its own: \(local)")
                #expect(onNodes.count == 2, "both remote ends ran browsers")
                #expect(log.contains("Test pyramid: 3 tests run, 0 failed"), "\(log)")
                #expect(log.range(of: #"Snapshot cells: \d+ checked: \d+ passed(, \d+ within tolerance)?\n"#, options: .regularExpression) != nil, "\(log)")
                for node in nodes {
                    let open = try await node.openSessions()
                    #expect(open.isEmpty, "sessions left on \(node.end): \(open)")
                }
            }
        }
    }
}
