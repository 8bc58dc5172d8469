import Testing

@testable import HTTPStubs
@testable import HTTPStubsCore

@Suite("PathTemplate")
struct PathTemplateTests {
    @Test(
        "matches as the regular expression with ([^/]+) per placeholder would",
        arguments: [
            ("/articles/{id}", "/articles/42", ["42"]),
            ("/articles/{id}", "/articles/42/", nil),
            ("/articles/{id}", "/articles/", nil),
            ("/users/{user}/repos/{repo}", "/users/ko/repos/swift-pyramid", ["ko", "swift-pyramid"]),
            ("/files/{name}.json", "/files/a.b.json", ["a.b"]),
            ("/files/{name}.json", "/files/.json", nil),
            ("/{a}-{b}", "/x-y-z", ["x-y", "z"]),
            ("/broken/{id", "/broken/{id", []),
            ("/記事/{id}", "/記事/7", ["7"]),
        ] as [(String, String, [String]?)]
    )
    func match(template: String, path: String, captures: [String]?) {
        #expect(PathTemplate(template).match(path) == captures)
    }

    @Test("names its placeholders in order")
    func names() {
        #expect(PathTemplate("/users/{user}/repos/{repo}").names == ["user", "repo"])
    }
}
