import Foundation

/// The object files of sources the pipeline rewrote, removed before the next build.
///
/// The pipeline writes the same files over and over: a schema, the schema with mutants left
/// out, the schema again, the original. Swift 6.3's incremental build, on this machine, can
/// see such a file written back to bytes an earlier build saw and compile nothing: the module
/// is emitted again, its object kept, and the build passes. A schema that does not compile then
/// builds, and a taken-apart schema is judged on another's objects (25 runs of the take-apart
/// test from a clean work folder: 19 failed; none with this). With its object gone, the file is
/// compiled whatever the build's records say; only the rewritten files are, so a warm run stays
/// warm.
enum RewrittenObjects {
    /// Removes `<name>.o` (`Flags.swift.o` for `Sources/Pricing/Flags.swift`) of each Swift
    /// file of `files` from every module's build folder under `scratch`
    /// (`<scratch>/<triple>/<configuration>/<Module>.build/`). Returns what it removed.
    @discardableResult
    static func forget(_ files: some Sequence<String>, scratch: String) -> [String] {
        let objects = Set(files.filter { $0.hasSuffix(".swift") }.map { ($0 as NSString).lastPathComponent + ".o" })
        guard !objects.isEmpty else { return [] }
        let manager = FileManager.default
        var removed: [String] = []
        // `debug` and `release` beside the triples are links to their folders: each folder once.
        func folders(in folder: String) -> [String] {
            ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).map { folder + "/" + $0 }
                .filter { (try? manager.destinationOfSymbolicLink(atPath: $0)) == nil }
        }
        for tripleFolder in folders(in: scratch) {
            for configurationFolder in folders(in: tripleFolder) {
                for moduleFolder in folders(in: configurationFolder) where moduleFolder.hasSuffix(".build") {
                    for object in objects {
                        let path = moduleFolder + "/" + object
                        if (try? manager.removeItem(atPath: path)) != nil { removed.append(path) }
                    }
                }
            }
        }
        return removed.sorted()
    }
}
