/// A test that passed and then failed, as a history shows it: a regression caught during
/// development, with the level that caught it and how long it took to fix.
package struct Regression: Sendable, Equatable {
    /// A run of the history: when it ended and the commit it tested.
    package struct Run: Sendable, Equatable {
        package var time: Double
        package var commit: String?

        package init(time: Double, commit: String?) {
            self.time = time
            self.commit = commit
        }
    }

    /// How a regression ended.
    package enum Ending: Sendable, Equatable {
        /// The test passed again in this run.
        case fixed(Run)
        /// The test is in no later run (renamed or deleted): it ended, and no fix is counted.
        case removed
    }

    /// The test's identity.
    package var test: String
    /// What the spec calls it, when the history says.
    package var name: String?
    /// The level of the pyramid whose test caught it (version 2 histories), as the failing run placed it.
    package var level: String?
    /// The first run it failed in.
    package var broken: Run
    /// How it ended; nil while it is still failing.
    package var ending: Ending?
    /// Commits from the one that broke it to the one that fixed it (that one counted, not the
    /// breaking one): how many commits the fix took. Nil unless fixed.
    package var commitsToFix: Int?

    package init(test: String, name: String?, level: String?, broken: Run, ending: Ending? = nil, commitsToFix: Int? = nil) {
        self.test = test
        self.name = name
        self.level = level
        self.broken = broken
        self.ending = ending
        self.commitsToFix = commitsToFix
    }

    /// Hours from the run it broke in to the run that fixed it; nil unless fixed.
    package var hoursToFix: Double? {
        guard case .fixed(let run)? = ending else { return nil }
        return (run.time - broken.time) / 3600
    }
}
