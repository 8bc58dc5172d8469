import SwiftDiagnostics

/// Every message the VisualTesting macros emit. The texts of the first six are
/// swift-visual-testing's, so teams moving over see the errors they know.
enum SnapshotDiagnostic: String, DiagnosticMessage, Error {
    case suiteNotOnStruct
    case suiteMissingName
    case snapshotNotOnFunction
    case inNavigationOnComponent
    case inNavigationAlone
    case withoutAnimationAlone
    case missingRunner
    case snapshotTakesParameters
    case snapshotIsAsyncOrThrows
    case snapshotAndComponent

    var message: String {
        switch self {
        case .suiteNotOnStruct:
            return "@SnapshotSuite can only be applied to structs"
        case .suiteMissingName:
            return "@SnapshotSuite requires a view name string argument"
        case .snapshotNotOnFunction:
            return "@Snapshot and @ComponentSnapshot can only be applied to functions"
        case .inNavigationOnComponent:
            return "@InNavigation cannot apply to @ComponentSnapshot: a component is captured without a device frame, "
                + "so there is no navigation bar in the image. Remove @InNavigation, or capture this state with @Snapshot"
        case .inNavigationAlone:
            return "@InNavigation does nothing on its own; it only applies to a function marked @Snapshot"
        case .withoutAnimationAlone:
            return "@WithoutAnimation does nothing on its own; it only applies to a function marked @Snapshot or @ComponentSnapshot"
        case .missingRunner:
            return "@SnapshotSuite requires a hand-written runner test. Add to the struct: "
                + "@Test func snapshots() { for snapshotCase in Self.__snapshotCases { snapshotCase.run() } }"
        case .snapshotTakesParameters:
            return "a @Snapshot or @ComponentSnapshot function takes no parameters: it builds one state of the view"
        case .snapshotIsAsyncOrThrows:
            return "a @Snapshot or @ComponentSnapshot function must be synchronous and must not throw: "
                + "build the state here and let the renderer do any asynchronous work"
        case .snapshotAndComponent:
            return "a function is either a @Snapshot or a @ComponentSnapshot, not both"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "VisualTestingMacros", id: rawValue) }

    var severity: DiagnosticSeverity { .error }
}

/// The fix-its the macros offer.
struct SnapshotFixIt: FixItMessage {
    let message: String
    let id: String

    var fixItID: MessageID { MessageID(domain: "VisualTestingMacros", id: id) }

    static let insertRunner = SnapshotFixIt(message: "Insert a runner test", id: "insertRunner")
    static let removeInNavigation = SnapshotFixIt(message: "Remove @InNavigation", id: "removeInNavigation")
}
