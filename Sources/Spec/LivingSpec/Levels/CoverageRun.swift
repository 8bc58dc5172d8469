import Foundation
import PyramidIO

extension LevelRuns {
    /// What `pyramid spec --coverage` runs: `runner`'s package built with coverage (its output
    /// on standard error, and kept in `build.log` in the work folder), its layout read (the
    /// targets `coverageTargets` names, or all), its tests listed and placed by `classifier`,
    /// and run a level each in a process of its own, holding pyramid's lock on the package's
    /// build (``holdingBuildLock(of:_:)``). The levels run the test binary directly unless
    /// `runner` has arguments for `swift test` other than build options, which only SwiftPM
    /// understands.
    ///
    /// - Throws: ``SpecError/swiftCommandFailed(package:command:exitStatus:output:)`` when the
    ///   build fails; what ``PackageLayout/read(packagePath:buildArguments:only:)``,
    ///   ``LevelPlan/make(bundle:filters:classifier:workFolder:)`` and ``run(levelStarting:testEnded:)`` throw.
    public static func buildAndRun(
        runner: SwiftTestRunner, classifier: PyramidClassifier, coverageTargets: [String] = [],
        levelStarting: (_ level: PyramidLevel, _ tests: Int) -> Void = { _, _ in }
    ) throws(SpecError) -> (levels: LevelRuns, runs: [LevelRun], layout: PackageLayout) {
        try holdingBuildLock(of: runner.packagePath) { () throws(SpecError) in
            try buildAndRunHoldingLock(runner: runner, classifier: classifier, coverageTargets: coverageTargets, levelStarting: levelStarting)
        }
    }

    /// The environment a coverage build runs in: this process's, with the raw profiles of the
    /// instrumented tools the build runs (a build plugin's generator) sent to
    /// `build-profiles` in `workFolder`, not left as `default.profraw` in the package.
    public static func buildEnvironment(workFolder: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LLVM_PROFILE_FILE"] = (workFolder as NSString).appendingPathComponent("build-profiles/%p-%m.profraw")
        return environment
    }

    private static func buildAndRunHoldingLock(
        runner: SwiftTestRunner, classifier: PyramidClassifier, coverageTargets: [String],
        levelStarting: (_ level: PyramidLevel, _ tests: Int) -> Void
    ) throws(SpecError) -> (levels: LevelRuns, runs: [LevelRun], layout: PackageLayout) {
        do {
            try FileManager.default.createDirectory(atPath: runner.workFolder, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateFolder(path: runner.workFolder, reason: FileError.describe(error))
        }
        let log = (runner.workFolder as NSString).appendingPathComponent("build.log")
        let buildOptions = runner.buildOptions
        let arguments = ["build", "--package-path", runner.packagePath, "--build-tests", "--enable-code-coverage"] + buildOptions
        let status = try SwiftTestRunner.swift(arguments, environment: buildEnvironment(workFolder: runner.workFolder), echo: .file(FileHandle.standardError), keep: log)
        guard status == 0 else {
            let output = String(decoding: (FileManager.default.contents(atPath: log) ?? Data()).suffix(2000), as: UTF8.self)
            throw .swiftCommandFailed(package: runner.packagePath, command: "swift build --build-tests --enable-code-coverage", exitStatus: status, output: output)
        }
        let layout = try PackageLayout.read(packagePath: runner.packagePath, buildArguments: buildOptions, only: coverageTargets)
        let plan = try LevelPlan.make(bundle: layout.testBundle, filters: runner.filters, classifier: classifier, workFolder: runner.workFolder)
        var levelRunner = runner
        levelRunner.extraArguments.append("--skip-build")
        let direct = TestRetries.withoutFilters(runner.extraArguments).allSatisfy { argument in
            runner.buildOptions.contains(argument) || argument == "--skip-build"
        }
        let levels = LevelRuns(runner: levelRunner, plan: plan, bundle: direct ? layout.testBundle : nil)
        return (levels, try levels.run(levelStarting: levelStarting), layout)
    }
}
