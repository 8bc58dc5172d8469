import Foundation
/// What a query selects, as data a driver can resolve: a chain of steps, each narrowing to
/// descendants of the previous one (`app.alerts.buttons["OK"]`).
public struct ElementQueryDescription: Sendable, Hashable, CustomStringConvertible {
    /// One step: a type, the filters its elements must pass, and optionally one index.
    public struct Step: Sendable, Hashable {
        /// The kind of element.
        public var type: ElementType
        /// Conditions the elements meet.
        public var filters: [Filter]
        /// `element(boundBy:)`: the index among the matches, in document order.
        public var index: Int?

        /// A step: elements of `type`, the `filters`, then the one at `index` when given.
        public init(type: ElementType, filters: [Filter] = [], index: Int? = nil) {
            self.type = type
            self.filters = filters
            self.index = index
        }
    }

    /// A condition on an element.
    public enum Filter: Sendable, Hashable, CustomStringConvertible {
        /// The subscript: the identifier (accessibility identifier; `data-testid`, then `id` on
        /// the web) or, failing that, the label equals the key.
        case key(String)
        /// The identifier equals the value.
        case identifier(String)
        /// The label equals the value.
        case label(String)
        /// The label contains the value.
        case labelContains(String)
        /// The value equals the value given.
        case value(String)
        /// The placeholder equals the value.
        case placeholder(String)

        public var description: String {
            switch self {
            case .key(let key): "[\(Self.quoted(key))]"
            case .identifier(let id): ".matching(identifier: \(Self.quoted(id)))"
            case .label(let label): ".matching(label: \(Self.quoted(label)))"
            case .labelContains(let text): ".matching(labelContains: \(Self.quoted(text)))"
            case .value(let value): ".matching(value: \(Self.quoted(value)))"
            case .placeholder(let text): ".matching(placeholder: \(Self.quoted(text)))"
            }
        }

        static func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
    }

    /// The steps, outermost first.
    package var steps: [Step]

    /// A query from its steps, outermost first.
    package init(steps: [Step]) {
        self.steps = steps
    }

    /// The query as it would be written: `app.alerts.buttons["OK"]`.
    public var description: String {
        var text = "app"
        for step in steps {
            text += "." + step.type.description
            for filter in step.filters { text += filter.description }
            if let index = step.index { text += ".element(boundBy: \(index))" }
        }
        return text
    }

    func appending(_ step: Step) -> ElementQueryDescription {
        ElementQueryDescription(steps: steps + [step])
    }

    func refiningLast(_ change: (inout Step) -> Void) -> ElementQueryDescription {
        var copy = self
        if copy.steps.isEmpty { copy.steps.append(Step(type: .any)) }
        change(&copy.steps[copy.steps.count - 1])
        return copy
    }
}
