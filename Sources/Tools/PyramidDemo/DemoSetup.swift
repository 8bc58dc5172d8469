import Foundation

/// Decides how the demo gets what it lacks, and installs it: with `apt-get` when it is
/// usable (as root, or through `sudo` without a password), never when the user said
/// `--no-install`, and with a clear refusal otherwise.
///
/// The decision is separate from the running so that tests can check every branch
/// (what is missing, whether apt-get is usable, what is printed, what is refused)
/// against a fake ``SystemEnvironment``.
package enum DemoSetup {
    /// What to do before the demo starts.
    package enum Decision: Sendable, Equatable {
        /// Nothing is missing.
        case ready
        /// Install the plan's packages, then check again.
        case install(InstallPlan)
        /// Something is missing and will not be installed.
        case refuse(DemoSetupError)
    }

    /// Packages to install and the commands that install them.
    package struct InstallPlan: Sendable, Equatable {
        /// What is missing, as found.
        package var missing: [DemoRequirement]
        /// The Debian packages, each once, in the order the requirements name them.
        package var packages: [String]
        /// The commands, run in order: the package lists, then the packages.
        package var commands: [[String]]

        /// The one line printed before installing: which packages, and why.
        package var announcement: String {
            var needs: [String] = []
            if missing.contains(where: { if case .library = $0 { false } else { true } }) {
                needs.append("renders its screens in Chromium with Latin and Japanese fonts")
            }
            if missing.contains(where: { if case .library = $0 { true } else { false } }) {
                needs.append("decodes its snapshot references with libdeflate")
            }
            return "pyramid demo: installing \(packages.joined(separator: " ")) with apt-get, because the demo "
                + needs.joined(separator: " and ") + " and this machine lacks "
                + missing.map(\.shortName).joined(separator: ", ") + " (--no-install refuses)"
        }
    }

    /// Decides what to do about `missing`.
    ///
    /// - Parameters:
    ///   - missing: What ``Demo/missingRequirements(browser:fontDirectories:)`` found.
    ///   - allowInstall: False for `--no-install`: refuse instead of installing.
    ///   - environment: The machine: who this runs as, whether `apt-get` and `sudo` exist.
    /// - Returns: ``Decision/ready`` when nothing is missing, a plan when apt-get is usable,
    ///   else a refusal that lists what is missing and why it was not installed.
    package static func decide(
        missing: [DemoRequirement], allowInstall: Bool, environment: some SystemEnvironment
    ) async -> Decision {
        guard !missing.isEmpty else { return .ready }
        guard allowInstall else { return .refuse(.missing(missing, notInstalled: .declined)) }
        guard environment.which("apt-get") != nil else {
            return .refuse(.missing(missing, notInstalled: .noAptGet))
        }
        var prefix: [String] = []
        if !environment.isRoot {
            guard environment.which("sudo") != nil else { return .refuse(.missing(missing, notInstalled: .notRoot)) }
            guard await environment.run(["sudo", "-n", "true"]).status == 0 else {
                return .refuse(.missing(missing, notInstalled: .sudoNeedsPassword))
            }
            prefix = ["sudo", "-n"]
        }
        var packages: [String] = []
        for requirement in missing where !packages.contains(requirement.debianPackage) {
            packages.append(requirement.debianPackage)
        }
        let apt = prefix + ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get"]
        let commands = [apt + ["update", "-qq"], apt + ["install", "-y", "-qq", "--no-install-recommends"] + packages]
        return .install(InstallPlan(missing: missing, packages: packages, commands: commands))
    }

    /// A command of a plan as a person reads it: `apt-get update`, `apt-get install chromium fonts-noto-cjk`.
    package static func describe(_ command: [String]) -> String {
        guard let apt = command.firstIndex(of: "apt-get") else { return command.joined(separator: " ") }
        return (["apt-get"] + command[(apt + 1)...].filter { !$0.hasPrefix("-") }).joined(separator: " ")
    }

    /// Runs the plan's commands in order, stopping at the first that fails; `starting` hears
    /// each command's number (from 1) before it runs.
    ///
    /// - Throws: ``DemoSetupError/installFailed(command:status:output:)`` naming the command,
    ///   its exit status and the end of its output.
    package static func install(
        _ plan: InstallPlan, environment: some SystemEnvironment, starting: (_ number: Int, _ command: [String]) -> Void = { _, _ in }
    ) async throws(DemoSetupError) {
        for (index, command) in plan.commands.enumerated() {
            starting(index + 1, command)
            let outcome = await environment.run(command)
            guard outcome.status == 0 else {
                throw .installFailed(command: command, status: outcome.status, output: outcome.output)
            }
        }
    }
}

/// Why the demo cannot start.
package enum DemoSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why missing packages were not installed.
    package enum NotInstalled: Sendable, Equatable, CustomStringConvertible {
        /// `--no-install` was given.
        case declined
        /// This machine has no `apt-get`.
        case noAptGet
        /// Not root, and there is no `sudo`.
        case notRoot
        /// Not root, and `sudo` asks for a password.
        case sudoNeedsPassword
        /// They were installed, and are still not found.
        case stillMissingAfterInstall

        package var description: String {
            switch self {
            case .declined: "not installed, because --no-install was given"
            case .noAptGet: "not installed automatically: this machine has no apt-get"
            case .notRoot: "not installed automatically: this process is not root and there is no sudo"
            case .sudoNeedsPassword: "not installed automatically: this process is not root and sudo asks for a password"
            case .stillMissingAfterInstall: "apt-get installed their packages, and they are still not found"
            }
        }
    }

    /// Requirements are missing; the reason says why they were not installed.
    case missing([DemoRequirement], notInstalled: NotInstalled)
    /// An install command failed.
    case installFailed(command: [String], status: Int32, output: String)

    package var description: String {
        switch self {
        case .missing(let requirements, let reason):
            return "the demo cannot render here (\(reason)):\n" + requirements.map { "  - \($0)" }.joined(separator: "\n")
        case .installFailed(let command, let status, let output):
            let tail = output.split(separator: "\n", omittingEmptySubsequences: true).suffix(15).joined(separator: "\n")
            return "installing the demo's packages failed: `\(command.joined(separator: " "))` exited with status \(status)"
                + (tail.isEmpty ? "" : "\n--- its output ---\n" + tail)
        }
    }
}
