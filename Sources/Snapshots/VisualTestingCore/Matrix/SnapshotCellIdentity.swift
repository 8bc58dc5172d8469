/// Which cell of the matrix an image belongs to, by name: the one spelling that manifests,
/// run reports, the gallery, failure messages and JUnit share.
///
/// In JSON its fields sit flat beside the others of the value that holds it (`device`,
/// `theme`, `locale`, `dynamicType`), as in swift-visual-testing's manifests.
public struct SnapshotCellIdentity: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The device name; nil for components.
    public var device: String?
    /// `light` or `dark`.
    public var theme: String
    /// The locale identifier; nil for components.
    public var locale: String?
    /// The Dynamic Type size; nil at the standard size.
    public var dynamicType: String?

    /// - Parameters:
    ///   - device: The device name; nil for components.
    ///   - theme: `light` or `dark`.
    ///   - locale: The locale identifier; nil for components.
    ///   - dynamicType: The Dynamic Type size; nil at the standard size.
    public init(device: String?, theme: String, locale: String?, dynamicType: String? = nil) {
        self.device = device
        self.theme = theme
        self.locale = locale
        self.dynamicType = dynamicType
    }

    /// The identity of a cell of the matrix.
    public init(_ cell: SnapshotCell) {
        self.init(
            device: cell.device?.name, theme: cell.theme.rawValue, locale: cell.locale,
            dynamicType: cell.dynamicType == .standard ? nil : cell.dynamicType.rawValue)
    }

    /// `iPhone16 · dark · ja`, `iPhoneSE · light · en · accessibility3`, or `dark` for a component.
    public var description: String {
        [device, theme, locale, dynamicType].compactMap { $0 }.joined(separator: " · ")
    }

    /// The order cells are listed in: device, locale, Dynamic Type, theme.
    var sortKey: [String] { [device ?? "", locale ?? "", dynamicType ?? "", theme] }

}
