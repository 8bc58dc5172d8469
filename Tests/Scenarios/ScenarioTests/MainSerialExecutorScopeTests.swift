import ConcurrencyExtras
import Scenario
import Testing

/// The process-wide main-serial-executor switch is counted: overlapping scopes (parallel
/// virtual-time tests) leave it off once the last one ends. With swift-concurrency-extras'
/// save-and-restore, the scope that ends last restores the "on" it saved, for good.
@Suite("Main serial executor scope")
struct MainSerialExecutorScopeTests {
    @Test("overlapping scopes ending in either order: on at the first opening, off at the last closing")
    func counted() {
        for firstEndsFirst in [true, false] {
            var count = ScopeCount()
            var switchedOn = false
            if count.opening() { switchedOn = true }
            if count.opening() { Issue.record("the second opening must not switch again") }
            #expect(switchedOn)
            // Either order of ending: only the last one switches off.
            let endings = firstEndsFirst ? ["first", "second"] : ["second", "first"]
            for (position, _) in endings.enumerated() {
                if count.closing() { switchedOn = false }
                #expect(switchedOn == (position == 0), "after \(position + 1) closing(s)")
            }
            #expect(count.open == 0)
        }
    }

    @Test("the save-and-restore it replaces does leave the switch on when scopes overlap")
    func saveAndRestoreLeaksOn() {
        // The same interleaving with withMainSerialExecutor's rule: each scope saves the switch
        // as it found it, turns it on, and restores what it saved.
        var switchOn = false
        let savedByFirst = switchOn
        switchOn = true
        let savedBySecond = switchOn
        switchOn = true
        switchOn = savedByFirst   // the first ends
        switchOn = savedBySecond  // the second ends
        #expect(switchOn, "the leak the counted scope exists to prevent")
    }

    @Test("a scope turns the real switch on while it is open")
    @MainActor
    func real() async {
        await MainSerialExecutorScope.run {
            #expect(uncheckedUseMainSerialExecutor)
            #expect(MainSerialExecutorScope.isOn)
        }
    }
}
