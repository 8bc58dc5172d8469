import Foundation
import PyramidDemo
import PyramidIO
import Testing
import WebDriver

/// A machine as the set-up sees it: who runs, which programs exist, what each command answers.
/// Every command run is recorded, so a test sees exactly what would have been executed.
final class FakeSystem: SystemEnvironment, @unchecked Sendable {
    let isRoot: Bool
    let programs: Set<String>
    let answers: [String: CommandOutcome]
    private let lock = NSLock()
    private var ran: [[String]] = []

    init(isRoot: Bool, programs: Set<String>, answers: [String: CommandOutcome] = [:]) {
        self.isRoot = isRoot
        self.programs = programs
        self.answers = answers
    }

    var commands: [[String]] { lock.withLock { ran } }

    func which(_ program: String) -> String? { programs.contains(program) ? "/usr/bin/" + program : nil }

    func run(_ arguments: [String]) async -> CommandOutcome {
        lock.withLock { ran.append(arguments) }
        let key = arguments.joined(separator: " ")
        return answers.first { key.contains($0.key) }?.value ?? CommandOutcome(status: 0, output: "")
    }
}

@Suite("pyramid demo: installing what it needs")
struct DemoSetupTests {
    let missing: [DemoRequirement] = [
        .program(MissingExecutable(name: "chromium", searched: ["chromium on PATH"], debianPackage: "chromium")),
        .program(MissingExecutable(name: "chromedriver", searched: ["chromedriver on PATH"], debianPackage: "chromium-driver")),
        .font(family: "NotoSansCJK", searched: ["/usr/share/fonts"], debianPackage: "fonts-noto-cjk"),
    ]

    @Test("nothing missing: ready, and nothing is run")
    func ready() async {
        let system = FakeSystem(isRoot: true, programs: ["apt-get"])
        #expect(await DemoSetup.decide(missing: [], allowInstall: true, environment: system) == .ready)
        #expect(system.commands.isEmpty)
    }

    @Test("as root with apt-get: one announcement naming the packages and why, then update and install")
    func root() async throws {
        let system = FakeSystem(isRoot: true, programs: ["apt-get"])
        let decision = await DemoSetup.decide(missing: missing, allowInstall: true, environment: system)
        guard case .install(let plan) = decision else {
            Issue.record("expected an install plan, got \(decision)")
            return
        }
        #expect(system.commands.isEmpty, "deciding runs nothing as root")
        #expect(plan.packages == ["chromium", "chromium-driver", "fonts-noto-cjk"])
        #expect(plan.announcement == "pyramid demo: installing chromium chromium-driver fonts-noto-cjk with apt-get, because the demo renders its screens in Chromium with Latin and Japanese fonts and this machine lacks chromium, chromedriver, the NotoSansCJK font (--no-install refuses)")
        #expect(!plan.announcement.contains("\n"))
        guard case .install(let withLibrary) = await DemoSetup.decide(missing: missing + [Demo.libdeflate], allowInstall: true, environment: system) else {
            Issue.record("expected an install plan with libdeflate")
            return
        }
        #expect(withLibrary.packages == ["chromium", "chromium-driver", "fonts-noto-cjk", "libdeflate-dev"])
        #expect(withLibrary.announcement.contains("renders its screens in Chromium with Latin and Japanese fonts and decodes its snapshot references with libdeflate and this machine lacks chromium, chromedriver, the NotoSansCJK font, libdeflate"))
        guard case .install(let libraryOnly) = await DemoSetup.decide(missing: [Demo.libdeflate], allowInstall: true, environment: system) else {
            Issue.record("expected an install plan for libdeflate alone")
            return
        }
        #expect(libraryOnly.announcement == "pyramid demo: installing libdeflate-dev with apt-get, because the demo decodes its snapshot references with libdeflate and this machine lacks libdeflate (--no-install refuses)")
        let started = Locked<[String]>([])
        try await DemoSetup.install(plan, environment: system) { number, command in
            started.withValue { $0.append("\(number): \(DemoSetup.describe(command))") }
        }
        #expect(system.commands == [
            ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "update", "-qq"],
            ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-qq", "--no-install-recommends",
             "chromium", "chromium-driver", "fonts-noto-cjk"],
        ])
        // Each step is said before it runs, as a person reads it (the status line shows it).
        #expect(started.value == ["1: apt-get update", "2: apt-get install chromium chromium-driver fonts-noto-cjk"])
    }

    @Test("not root, sudo without a password: the same commands through sudo -n")
    func sudo() async throws {
        let system = FakeSystem(isRoot: false, programs: ["apt-get", "sudo"])
        guard case .install(let plan) = await DemoSetup.decide(missing: missing, allowInstall: true, environment: system) else {
            Issue.record("expected an install plan")
            return
        }
        #expect(system.commands == [["sudo", "-n", "true"]])
        #expect(plan.commands.allSatisfy { Array($0.prefix(4)) == ["sudo", "-n", "env", "DEBIAN_FRONTEND=noninteractive"] })
    }

    @Test("a package asked for by two requirements is installed once")
    func packagesOnce() async {
        let twice = missing + [.font(family: "NotoSansCJK", searched: ["/home/u/.fonts"], debianPackage: "fonts-noto-cjk")]
        let decision = await DemoSetup.decide(missing: twice, allowInstall: true, environment: FakeSystem(isRoot: true, programs: ["apt-get"]))
        guard case .install(let plan) = decision else {
            Issue.record("expected an install plan")
            return
        }
        #expect(plan.packages == ["chromium", "chromium-driver", "fonts-noto-cjk"])
    }

    @Test("--no-install refuses without probing anything, listing what is missing and how to install it")
    func declined() async {
        let system = FakeSystem(isRoot: true, programs: ["apt-get"])
        let decision = await DemoSetup.decide(missing: missing, allowInstall: false, environment: system)
        #expect(decision == .refuse(.missing(missing, notInstalled: .declined)))
        #expect(system.commands.isEmpty)
        guard case .refuse(let error) = decision else { return }
        #expect(error.description == """
            the demo cannot render here (not installed, because --no-install was given):
              - chromium was not found (looked in chromium on PATH). Install it with: sudo apt-get install chromium
              - chromedriver was not found (looked in chromedriver on PATH). Install it with: sudo apt-get install chromium-driver
              - no NotoSansCJK font in /usr/share/fonts (text would render differently from the references). Install it with: sudo apt-get install fonts-noto-cjk
            """)
    }

    @Test("where nothing can be installed, the refusal says why", arguments: [
        (FakeSystem(isRoot: true, programs: []), DemoSetupError.NotInstalled.noAptGet),
        (FakeSystem(isRoot: false, programs: ["apt-get"]), .notRoot),
        (FakeSystem(isRoot: false, programs: ["apt-get", "sudo"], answers: ["sudo -n true": CommandOutcome(status: 1, output: "a password is required")]), .sudoNeedsPassword),
    ])
    func cannotInstall(system: FakeSystem, reason: DemoSetupError.NotInstalled) async {
        let decision = await DemoSetup.decide(missing: missing, allowInstall: true, environment: system)
        #expect(decision == .refuse(.missing(missing, notInstalled: reason)))
        #expect(!system.commands.contains { $0.contains("apt-get") }, "nothing is installed")
    }

    @Test("a failing install command stops the install and names the command, its status and its output")
    func installFails() async {
        let system = FakeSystem(
            isRoot: true, programs: ["apt-get"],
            answers: ["apt-get install": CommandOutcome(status: 100, output: "E: Unable to locate package chromium\n")])
        guard case .install(let plan) = await DemoSetup.decide(missing: missing, allowInstall: true, environment: system) else {
            Issue.record("expected an install plan")
            return
        }
        let error = await #expect(throws: DemoSetupError.self) { try await DemoSetup.install(plan, environment: system) }
        guard case .installFailed(let command, let status, _) = error else {
            Issue.record("expected installFailed, got \(String(describing: error))")
            return
        }
        #expect(command.contains("install") && status == 100)
        #expect(error?.description.contains("exited with status 100") == true)
        #expect(error?.description.contains("E: Unable to locate package chromium") == true)
    }

    @Test("the live environment runs a real command and reports its status and output")
    func live() async {
        let system = LiveSystemEnvironment()
        let outcome = await system.run(["sh", "-c", "echo out; echo err >&2; exit 3"])
        #expect(outcome.status == 3)
        #expect(outcome.output.contains("out") && outcome.output.contains("err"))
        #expect(await system.run(["no-such-program-\(UUID().uuidString)"]).status == 127)
        #expect(system.which("sh") != nil)
    }
}
