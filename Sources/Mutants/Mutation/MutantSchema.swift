package import MutationReport
import Foundation

/// A file's mutants compiled in at once (mutant schemata): each behind the module's switch,
/// a global read once from `PYRAMID_MUTANT`, so one build holds them all and a run picks one
/// by its number.
///
///     a < b            →  (__pyramidMutantIs(1) ? (a >= b) : __pyramidMutantIs(2) ? (a <= b) : (a < b))
///     save(order)      →  if !__pyramidMutantIs(3) { save(order) }
///
/// With `PYRAMID_MUTANT=-1` no mutant is active and the switch traces instead: every mutant
/// whose place the run reaches is noted. With a mutant active, the switch notes when its place
/// is first reached (a run that never reaches the mutant it was given has no right to call it
/// survived). Either way, when `PYRAMID_MUTANT_TRACE` names a folder, each process writes what
/// it noted there, `trace-PID-MODULE.txt`, one number a line: the tests' process and every process
/// they launch with the environment (an app under UI test) alike.
///
/// Nested mutants stay nested: each variant of an expression holds the schema of what is inside
/// it, so every mutant of the file can be switched on alone.
package struct MutantSchema: Sendable {
    /// The function every schema calls: whether a mutant is the active one.
    package static let switchName = "__pyramidMutantIs"
    /// The environment variable the switch is read from; unset or `0`, no mutant is active;
    /// ``tracing``, the mutants reached are traced.
    package static let environmentVariable = "PYRAMID_MUTANT"
    /// The folder where each process of a run writes the mutants it reached.
    package static let traceVariable = "PYRAMID_MUTANT_TRACE"
    /// The switch's value that traces.
    package static let tracing = -1

    /// The file's source with every mutant behind the switch.
    package var source: String
    /// The file's mutants, numbered from the first number given.
    package var mutants: [Mutant]

    /// The switch of `module`, a file of its own in each mutated module: Foundation only, no
    /// warning under Swift 6's strict concurrency. Each module's switch traces to a file of its
    /// own (`trace-PID-MODULE.txt`): one process runs the switches of several modules.
    package static func switchDeclaration(module: String) -> String {
        let fileName = module.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? String($0) : "_" }.joined()
        return """
        // The switch of `pyramid mutants`: which mutant is active, read once, when first used.
        import Foundation

        let __pyramidMutant: Int = Int(ProcessInfo.processInfo.environment["\(environmentVariable)"] ?? "") ?? 0
        nonisolated(unsafe) var __pyramidMutantActivated = false

        /// Whether mutant `id` is the active one; notes its place reached, when tracing or the first time it is active.
        func \(switchName)(_ id: Int) -> Bool {
            if __pyramidMutant == id {
                if !__pyramidMutantActivated {
                    __pyramidMutantActivated = true
                    __pyramidMutantTrace.reached(id)
                }
                return true
            }
            if __pyramidMutant == \(tracing) { __pyramidMutantTrace.reached(id) }
            return false
        }

        /// The mutants this process reached, written to the folder \(traceVariable) names.
        final class __PyramidMutantTrace: @unchecked Sendable {
            private let lock = NSLock()
            private var ids: Set<Int> = []
            private let path: String? = ProcessInfo.processInfo.environment["\(traceVariable)"].map {
                $0 + "/trace-\\(ProcessInfo.processInfo.processIdentifier)-\(fileName).txt"
            }

            func reached(_ id: Int) {
                lock.lock()
                defer { lock.unlock() }
                guard ids.insert(id).inserted, let path else { return }
                // Written whole at each new place: a process that ends by a crash or a kill has
                // written what it reached until then.
                let text = ids.sorted().map(String.init).joined(separator: "\\n") + "\\n"
                try? text.write(toFile: path, atomically: true, encoding: .utf8)
            }
        }

        let __pyramidMutantTrace = __PyramidMutantTrace()

        """
    }

    /// The schema of `source`, named `file` in the mutants, numbered from `firstID`; the mutants
    /// numbered in `excluding` keep their numbers and are listed, but are not planted (the ones
    /// that do not compile).
    package init(source: String, file: String, firstID: Int, excluding: Set<Int> = []) {
        let sites = MutantFinder.sites(in: source)
        let renderer = Renderer(bytes: Array(source.utf8), sites: sites, firstID: firstID, excluding: excluding)
        self.source = renderer.render()
        let lines = LineTable(source)
        mutants = renderer.numbered.map { entry in
            Mutant(
                id: entry.id, mutationOperator: entry.variant.mutationOperator, file: file,
                start: lines.position(of: entry.site.range.lowerBound), end: lines.position(of: entry.site.range.upperBound),
                original: renderer.plain(entry.site.range, edits: []),
                replacement: entry.site.form == .statement ? "" : renderer.plain(entry.site.range, edits: entry.variant.edits))
        }
    }

    /// Renders the file with its sites, numbering each variant in the order the sites start.
    private struct Renderer {
        let bytes: [UInt8]
        let sites: [MutationSite]
        /// Each variant's number, by site index and variant index.
        var ids: [[Int]] = []
        var numbered: [(id: Int, site: MutationSite, variant: MutationSite.Variant)] = []

        init(bytes: [UInt8], sites: [MutationSite], firstID: Int, excluding: Set<Int>) {
            self.bytes = bytes
            var planted: [MutationSite] = []
            var next = firstID
            for site in sites {
                let siteIDs = site.variants.map { _ in defer { next += 1 }; return next }
                for (variant, id) in zip(site.variants, siteIDs) { numbered.append((id, site, variant)) }
                // Numbered whether planted or not, so a mutant keeps its number when others are left out.
                var kept = site
                kept.variants = zip(site.variants, siteIDs).filter { !excluding.contains($0.1) }.map(\.0)
                guard !kept.variants.isEmpty else { continue }
                planted.append(kept)
                ids.append(siteIDs.filter { !excluding.contains($0) })
            }
            self.sites = planted
        }

        func render() -> String {
            region(0..<bytes.count, edits: [], skipping: nil)
        }

        /// The bytes of `range` with `edits` made and every site inside it rendered, but `skipping`.
        private func region(_ range: Range<Int>, edits: [MutationSite.Edit], skipping: Int?) -> String {
            var events: [(range: Range<Int>, render: () -> String)] = edits.map { edit in
                (edit.range, {
                    switch edit.replacement {
                    case .text(let text): text
                    case .range(let other): region(other, edits: [], skipping: nil)
                    }
                })
            }
            // The outermost sites inside the range and outside every edit.
            var covered = edits.map(\.range)
            for (index, site) in sites.enumerated() where index != skipping {
                guard range.lowerBound <= site.range.lowerBound, site.range.upperBound <= range.upperBound,
                      !covered.contains(where: { $0.lowerBound <= site.range.lowerBound && site.range.upperBound <= $0.upperBound })
                else { continue }
                covered.append(site.range)
                events.append((site.range, { siteText(index) }))
            }
            var out = ""
            var position = range.lowerBound
            for event in events.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                out += text(position..<event.range.lowerBound)
                out += event.render()
                position = event.range.upperBound
            }
            return out + text(position..<range.upperBound)
        }

        private func siteText(_ index: Int) -> String {
            let site = sites[index]
            let original = region(site.range, edits: [], skipping: index)
            let name = MutantSchema.switchName
            switch site.form {
            case .statement:
                let off = ids[index].map { "!\(name)(\($0))" }.joined(separator: " && ")
                return "if \(off) { \(original) }"
            case .expression:
                var chain = "("
                for (variant, id) in zip(site.variants, ids[index]) {
                    chain += "\(name)(\(id)) ? (\(region(site.range, edits: variant.edits, skipping: index))) : "
                }
                return chain + "(\(original)))"
            }
        }

        /// The bytes of `range` with `edits` made and no other mutant: what a person reads.
        func plain(_ range: Range<Int>, edits: [MutationSite.Edit]) -> String {
            var out = ""
            var position = range.lowerBound
            for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                out += text(position..<edit.range.lowerBound)
                switch edit.replacement {
                case .text(let text): out += text
                case .range(let other): out += text(other)
                }
                position = edit.range.upperBound
            }
            return out + text(position..<range.upperBound)
        }

        private func text(_ range: Range<Int>) -> String {
            String(decoding: bytes[range], as: UTF8.self)
        }
    }
}
