import Foundation
import PyramidTestSupport
import Testing

/// `pyramid mocks` runs `pyramid-mocks` beside it with the same arguments, building it first when
/// it is not there (after `swift run pyramid`, which builds only `pyramid`). Here `pyramid` is
/// linked into a package's products folder of its own, and a stand-in `swift` on `PATH` "builds"
/// a stand-in `pyramid-mocks` that prints its arguments and exits 3.
@Suite("pyramid mocks runs pyramid-mocks")
struct MocksForwardTests {
    struct Stage {
        let folder = TemporaryFolder("pyramid-mocks-forward", create: true)
        var package: String { folder.path("package") }
        var products: String { package + "/.build/x86_64-unknown-linux-gnu/debug" }

        /// `swiftStatus`: what the stand-in build exits with (it writes the tool only on 0).
        init(swiftStatus: Int32) throws {
            let manager = FileManager.default
            try manager.createDirectory(atPath: folder.path("package/.build/x86_64-unknown-linux-gnu/debug"), withIntermediateDirectories: true)
            try manager.createDirectory(atPath: folder.path("bin"), withIntermediateDirectories: true)
            try "// swift-tools-version: 6.0\n".write(toFile: folder.path("package/Package.swift"), atomically: true, encoding: .utf8)
            // The real pyramid, under another path (a hard link: the same file, found by its own path).
            try manager.linkItem(atPath: CLI.executable.resolvingSymlinksInPath().path, toPath: folder.path("package/.build/x86_64-unknown-linux-gnu/debug/pyramid"))
            let tool = folder.path("package/.build/x86_64-unknown-linux-gnu/debug/pyramid-mocks")
            let swift = """
                #!/bin/sh
                echo "$*" >> "\(folder.path("swift-calls"))"
                echo "[1/2] Compiling MockGen MockGenerator.swift"
                echo "[2/2] Linking pyramid-mocks"
                if [ \(swiftStatus) -eq 0 ]; then
                    printf '#!/bin/sh\\necho "stand-in pyramid-mocks: $*"\\nexit 3\\n' > "\(tool)"
                    chmod +x "\(tool)"
                else
                    echo "error: the stand-in build fails"
                fi
                exit \(swiftStatus)
                """
            try swift.write(toFile: folder.path("bin/swift"), atomically: true, encoding: .utf8)
            try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path("bin/swift"))
        }

        func mocks(_ arguments: [String]) async throws -> CLI.Run {
            let path = folder.path("bin") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            return try await CLI.runProcess(URL(fileURLWithPath: products + "/pyramid"), ["mocks"] + arguments, environment: ["PATH": path])
        }

        var swiftCalls: [String] {
            ((try? String(contentsOfFile: folder.path("swift-calls"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
    }

    @Test("missing, it is built in pyramid's package, folder and configuration, with its progress on standard error; then it runs with the arguments, its exit status pyramid's")
    func buildsThenRuns() async throws {
        let stage = try Stage(swiftStatus: 0)
        let first = try await stage.mocks(["-d", "Mocks.swift", "--help", "-x", "Tests"])
        #expect(first.status == 3, "\(first.stdout)\n\(first.stderr)")
        #expect(first.stdout == "stand-in pyramid-mocks: -d Mocks.swift --help -x Tests\n")
        #expect(first.stderr.contains("building pyramid-mocks, the mock generator"), "\(first.stderr)")
        #expect(stage.swiftCalls == [
            "build --package-path \(stage.package) --scratch-path \(stage.package)/.build -c debug --product pyramid-mocks",
        ])
        // There now: run at once, not built again.
        let second = try await stage.mocks(["-d", "Other.swift"])
        #expect(second.status == 3 && second.stdout == "stand-in pyramid-mocks: -d Other.swift\n" && second.stderr.isEmpty, "\(second.stderr)")
        #expect(stage.swiftCalls.count == 1)
    }

    @Test("a build that fails, or a pyramid outside any package, is an error that says what to do, exit 2")
    func failures() async throws {
        let stage = try Stage(swiftStatus: 1)
        let failed = try await stage.mocks(["-d", "Mocks.swift"])
        #expect(failed.status == 2)
        #expect(failed.stderr.contains("pyramid mocks: building pyramid-mocks failed with status 1; its output ends:"), "\(failed.stderr)")
        #expect(failed.stderr.contains("error: the stand-in build fails"))

        let alone = TemporaryFolder("pyramid-mocks-alone", create: true)
        try FileManager.default.linkItem(atPath: CLI.executable.resolvingSymlinksInPath().path, toPath: alone.path("pyramid"))
        let outside = try await CLI.runProcess(URL(fileURLWithPath: alone.path("pyramid")), ["mocks", "-d", "M.swift"])
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("pyramid mocks runs pyramid-mocks, which is not at \(alone.path("pyramid-mocks"))"), "\(outside.stderr)")
        #expect(outside.stderr.contains("swift build --product pyramid-mocks"))
    }
}
