import PyramidIO
import Foundation
import Testing
import TestEventStream

/// The step that is running in this task: what a failing issue is annotated with, and where
/// the step learns that something inside it failed.
final class StepContext: Sendable {
    let keyword: StepRecord.Keyword
    let text: String
    let depth: Int
    let parent: StepContext?
    private let firstFailure = Locked<String?>(nil)

    init(keyword: StepRecord.Keyword, text: String, parent: StepContext?) {
        self.keyword = keyword
        self.text = text
        self.parent = parent
        self.depth = (parent?.depth ?? -1) + 1
    }

    var title: String { "\(keyword.rawValue) \(text)" }

    /// The comment an issue inside this step carries: the whole path for a nested step.
    var comment: String {
        var titles: [String] = []
        var step: StepContext? = self
        while let current = step {
            titles.append(current.title)
            step = current.parent
        }
        return StepContext.commentPrefix + titles.reversed().joined(separator: " › ")
    }

    static let commentPrefix = "Step: "

    /// Notes a failure here and in every enclosing step; the first failure is the one kept.
    func noteFailure(_ description: String) {
        var step: StepContext? = self
        while let current = step {
            current.firstFailure.withValue { if $0 == nil { $0 = description } }
            step = current.parent
        }
    }

    var failure: String? { firstFailure.value }

    /// Adds this step's path to a failing issue that does not name a step yet (the innermost
    /// step sees an issue first, so it is the one named).
    func annotate(_ issue: Issue) -> Issue {
        guard issue.isFailure else { return issue }
        noteFailure(Self.describe(issue))
        guard !issue.comments.contains(where: { $0.rawValue.hasPrefix(Self.commentPrefix) }) else { return issue }
        var annotated = issue
        annotated.comments.append(Comment(rawValue: comment))
        return annotated
    }

    /// An issue in words, without the step comment.
    static func describe(_ issue: Issue) -> String {
        var text = String(describing: issue)
        if let location = issue.sourceLocation {
            text += " (\(location.fileID):\(location.line))"
        }
        return text
    }

    @TaskLocal static var current: StepContext?
}
