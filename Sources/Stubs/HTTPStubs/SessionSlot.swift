/// A number carried by a type, so that each stub session can have its own `URLProtocol` class.
///
/// `URLSessionConfiguration.protocolClasses` is the only per-session state a `URLProtocol` can
/// see on Linux: session headers (`httpAdditionalHeaders`) never reach it, and the task's session
/// is internal. So every session gets `StubURLProtocol<Slot>` for a slot type of its own, and the
/// class finds its session's registry by `Slot.number` in ``StubSessionTable``.
///
/// The number is spelled in binary by nesting (`SlotBit1<SlotBit0<SlotRoot>>` is 0b101 = 5), so
/// the runtime makes a new type for any number on demand and nesting grows only with its log.
protocol SessionSlot: Sendable {
    static var number: Int { get }
}

/// The leading 1 bit of every slot number.
enum SlotRoot: SessionSlot {
    static var number: Int { 1 }
}

/// `Parent`'s number followed by a 0 bit.
enum SlotBit0<Parent: SessionSlot>: SessionSlot {
    static var number: Int { Parent.number &* 2 }
}

/// `Parent`'s number followed by a 1 bit.
enum SlotBit1<Parent: SessionSlot>: SessionSlot {
    static var number: Int { Parent.number &* 2 &+ 1 }
}

/// The slot type whose ``SessionSlot/number`` is `number` (numbers below 1 give 1).
func sessionSlotType(for number: Int) -> any SessionSlot.Type {
    if number <= 1 { return SlotRoot.self }
    func appending<Parent: SessionSlot>(_: Parent.Type) -> any SessionSlot.Type {
        number % 2 == 0 ? SlotBit0<Parent>.self : SlotBit1<Parent>.self
    }
    return appending(sessionSlotType(for: number / 2))
}
