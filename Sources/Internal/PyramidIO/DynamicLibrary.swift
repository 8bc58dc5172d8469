#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A shared library of the system's, opened with `dlopen` when first needed.
///
/// The package loads libdeflate, libsqlite3 and libzstd this way rather than linking them: a
/// system-library target needs the library's header to *build*, and `swift run pyramid demo`
/// must build on a machine with only Swift. libsqlite3 and libzstd are there wherever Swift
/// runs, since SwiftPM itself links both.
package struct DynamicLibrary: @unchecked Sendable {
    /// The name `dlopen` found.
    package let name: String
    private let handle: UnsafeMutableRawPointer

    /// Opens the first of `candidates` that `dlopen` finds and that has every symbol in
    /// `required`; nil when none does. The handle stays open for the life of the process.
    package static func open(_ candidates: [String], requiring required: [String] = []) -> DynamicLibrary? {
        for name in candidates {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
            if required.allSatisfy({ dlsym(handle, $0) != nil }) {
                return DynamicLibrary(name: name, handle: handle)
            }
            dlclose(handle)
        }
        return nil
    }

    /// The function `symbol`, as the C function type `type`; nil when the library lacks it.
    package func function<T>(_ symbol: String, as type: T.Type) -> T? {
        dlsym(handle, symbol).map { unsafeBitCast($0, to: type) }
    }
}
