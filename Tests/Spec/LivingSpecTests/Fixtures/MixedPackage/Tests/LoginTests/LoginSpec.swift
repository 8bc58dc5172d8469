import Testing

/// The part already on Swift Testing.
@Suite("ログイン")
struct LoginSpec {
    @Test("正しいメールアドレスでログインできる")
    func validLogin() {
        #expect("test@example.com".contains("@"))
    }

    @Test("パスワードが短いとエラーになる")
    func shortPassword() {
        // Fails on purpose, with a comment over several lines.
        #expect("pass".count >= 8, """
            the validation differs:
            − パスワードは8文字以上
            + (no error)
            """)
    }
}
