import Foundation
import SnapshotReview
import Testing
import WebDriver

/// Approve and reject clicked in Chromium on the served page; the disk changes only on approve.
@Suite("Review page in Chromium", .serialized)
struct ReviewPageTests {
    func waitForStatus(_ session: WebDriverSession) async throws -> String {
        try await session.executeAsyncScript("""
            const done = arguments[arguments.length - 1];
            const status = document.getElementById('review-status');
            const check = () => status.textContent ? done(status.textContent) : setTimeout(check, 20);
            check();
            """).stringValue ?? ""
    }

    /// Clicks `element` after scrolling it to the middle, clear of the sticky header.
    func click(_ element: WebElement, in session: WebDriverSession) async throws {
        try await session.executeScript("arguments[0].scrollIntoView({block: 'center'})", arguments: [element.json])
        try await element.click()
    }

    @Test("approve replaces the reference, reject keeps it, and a reload shows both decisions")
    func approveAndReject() async throws {
        let fixture = try ReviewFixture()
        try await withReviewServer(service: ReviewService(root: fixture.root, report: fixture.report)) { server in
            let darkBefore = fixture.bytes(ReviewFixture.dark)
            try await withBrowser { browser in
                let session = browser.session
                try await session.navigate(to: server.url)
                #expect(try await session.findElements(.css("#failures .failure")).count == 3)

                let dark = try await session.findElement(.css("#failures .failure[data-id=\"\(ReviewFixture.dark)\"]"))
                try await click(dark.findElement(.css("button.reject")), in: session)
                #expect(try await waitForStatus(session) == "Rejected 1 image(s)")
                #expect(fixture.bytes(ReviewFixture.dark) == darkBefore)

                let light = try await session.findElement(.css("#failures .failure[data-id=\"\(ReviewFixture.light)\"]"))
                try await click(light.findElement(.css("button.approve")), in: session)
                #expect(try await waitForStatus(session) == "Approved 1 image(s)")
                #expect(fixture.bytes(ReviewFixture.light) == fixture.actual(ReviewFixture.light))
                #expect(fixture.bytes(ReviewFixture.dark) == darkBefore)

                // The corrupt one: the server's refusal reaches the reader and nothing changes.
                let brokenBefore = fixture.bytes(ReviewFixture.broken)
                let broken = try await session.findElement(.css("#failures .failure[data-id=\"\(ReviewFixture.broken)\"]"))
                try await click(broken.findElement(.css("button.approve")), in: session)
                #expect(try await waitForStatus(session).contains("not a valid PNG"))
                #expect(fixture.bytes(ReviewFixture.broken) == brokenBefore)

                try await session.refresh()
                let badges = try await session.executeScript("""
                    return Object.fromEntries([...document.querySelectorAll('#grid .card')].map(c =>
                      [c.dataset.id, c.querySelector('.badge') ? c.querySelector('.badge').textContent : '']))
                    """).objectValue ?? [:]
                #expect(badges[ReviewFixture.light]?.stringValue == "approved")
                #expect(badges[ReviewFixture.dark]?.stringValue == "rejected")
                #expect(badges[ReviewFixture.broken]?.stringValue == "failed")
                #expect(try await session.findElements(.css("#failures .failure")).count == 2, "the approved image left the review list")
            }
        }
    }

    @Test("without the token the page is refused; after one visit with it, the cookie opens the page and its images, and a decision still works")
    func token() async throws {
        let fixture = try ReviewFixture()
        let before = fixture.snapshot()
        try await withReviewServer(service: ReviewService(root: fixture.root, report: fixture.report)) { server in
            try await withBrowser { browser in
                let session = browser.session
                let bare = "http://127.0.0.1:\(server.port)/"
                try await session.navigate(to: bare)
                let refused = try await session.executeScript("return document.body.innerText").stringValue ?? ""
                #expect(refused.contains("reading needs the token"), "\(refused)")
                #expect(try await session.findElements(.css("#failures .failure")).isEmpty)
                #expect(fixture.snapshot() == before)

                try await session.navigate(to: server.url)
                #expect(try await session.findElements(.css("#failures .failure")).count == 3)
                try await session.navigate(to: bare)
                #expect(try await session.findElements(.css("#failures .failure")).count == 3, "the cookie opens the page")
                // Each image's URL as the page asks for it (one of the fixture's actual images is
                // not a valid PNG, so the statuses are compared, not the decoded sizes).
                let statuses = try await session.executeAsyncScript("""
                    const done = arguments[arguments.length - 1];
                    Promise.all([...document.querySelectorAll('#failures img')].map(i => fetch(i.src).then(r => r.status))).then(done);
                    """).arrayValue?.compactMap(\.doubleValue) ?? []
                #expect(statuses.count >= 3 && statuses.allSatisfy { $0 == 200 }, "every image loads with the cookie: \(statuses)")

                let light = try await session.findElement(.css("#failures .failure[data-id=\"\(ReviewFixture.light)\"]"))
                try await click(light.findElement(.css("button.approve")), in: session)
                #expect(try await waitForStatus(session) == "Approved 1 image(s)", "the page sends the cookie's token with a change")
                #expect(fixture.bytes(ReviewFixture.light) == fixture.actual(ReviewFixture.light))
            }
        }
    }
}
