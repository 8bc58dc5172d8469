#if DEBUG
/// @mockable
protocol DebugMenu {
    func show()
}
#elseif os(Linux)
/// @mockable
protocol LinuxMenu {
    func show()
}
#else
/// @mockable
protocol ReleaseMenu {
    func hide()
}
#endif
