protocol Delegate: AnyObject {}

/// @mockable(typealias: Model = String; history: send = true; override: name = CustomMessengerMock; modifiers: delegate = weak)
protocol Messenger {
    associatedtype Model
    var delegate: Delegate? { get set }
    func send(_ text: String, to recipient: Model)
    func receive() -> Model
}
