/// What a driver saw of one element at one moment.
public struct ElementSnapshot: Sendable, Hashable, CustomStringConvertible {
    /// Its kind.
    public var type: ElementType
    /// The accessibility identifier (`data-testid`, then `id`, on the web); empty when none.
    public var identifier: String
    /// Its accessibility label.
    public var label: String
    /// The value: a text field's text, a switch's state ("1"/"0"), else empty.
    public var value: String
    /// A text field's placeholder.
    public var placeholderValue: String
    /// Whether it accepts input.
    public var isEnabled: Bool
    /// Visible and not covered by another element at its centre: a tap would reach it.
    public var isHittable: Bool

    /// An element's state with every part given (drivers make these).
    public init(
        type: ElementType, identifier: String = "", label: String = "", value: String = "", placeholderValue: String = "",
        isEnabled: Bool = true, isHittable: Bool = true
    ) {
        self.type = type
        self.identifier = identifier
        self.label = label
        self.value = value
        self.placeholderValue = placeholderValue
        self.isEnabled = isEnabled
        self.isHittable = isHittable
    }

    /// `identifier "login_button", label "ログイン", enabled, hittable`.
    public var description: String {
        var parts: [String] = []
        if !identifier.isEmpty { parts.append("identifier \(ElementQueryDescription.Filter.quoted(identifier))") }
        parts.append("label \(ElementQueryDescription.Filter.quoted(label))")
        if !value.isEmpty { parts.append("value \(ElementQueryDescription.Filter.quoted(value))") }
        if !placeholderValue.isEmpty { parts.append("placeholder \(ElementQueryDescription.Filter.quoted(placeholderValue))") }
        parts.append(isEnabled ? "enabled" : "disabled")
        parts.append(isHittable ? "hittable" : "not hittable")
        return parts.joined(separator: ", ")
    }
}
