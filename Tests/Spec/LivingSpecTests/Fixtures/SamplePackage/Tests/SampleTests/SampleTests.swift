import Scenario
import Testing

extension Tag {
    @Tag static var smoke: Self
    @Tag static var 登録: Self
}

struct Offline: Error {}

@Suite("個人法人選択画面", .scenario)
struct RegisterScreen {
    @Suite("onTapNext: 「次へ」をタップした時")
    struct OnTapNext {
        @Test("個人を選択中なら登録APIを叩くこと", .tags(.smoke, .登録))
        func individual() async {
            await given("個人を選択している") {}
            await when("「次へ」をタップする") {}
            await then("登録APIを1回叩く") { #expect(1 == 1) }
        }

        @Test("法人を選択中なら基本情報画面に遷移すること")
        func corporation() async {
            let calls = await given("法人を選択している") { 0 }
            await when("「次へ」をタップする") {}
            await then("登録APIを1回叩く") { #expect(calls == 1, "登録APIを叩いていること") }
        }

        @Test("登録APIが失敗したらアラートを出すこと")
        func failure() async throws {
            await given("登録APIが失敗する") {}
            try await when("「次へ」をタップする") { throw Offline() }
        }
    }

    @Test("選択肢ごとに「次へ」が活性化すること", arguments: ["individual", "corporation", "none"])
    func enablesNext(selection: String) async {
        await when("\(selection)を選ぶ") {}
        await then("「次へ」が活性") { #expect(selection != "none") }
    }
}

@Suite("Other outcomes")
struct OtherOutcomes {
    @Test("passes with a warning")
    func warning() { Issue.record("slow network in this environment", severity: .warning) }

    @Test("passes with a known issue")
    func known() { withKnownIssue("flaky on Linux") { #expect(Bool(false)) } }

    @Test("is skipped", .disabled("waiting for the new API"))
    func skipped() {}

    @Test("is cancelled")
    func cancelled() throws { try Test.cancel("no network here") }

    @Test("attaches a log")
    func attaches() { Attachment.record("log line 1\nlog line 2", named: "server.log") }

    @Test func plainName() { #expect(Bool(true)) }
}
