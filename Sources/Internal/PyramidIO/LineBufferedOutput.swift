#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// Standard output written a line at a time.
package enum LineBufferedOutput {
    /// Makes the C library write each line of standard output as soon as it ends, also into a
    /// file or a pipe (a CI log), where it would otherwise hold the output until its buffer
    /// fills or the process ends. `print` writes through it.
    package static func enable() {
        setvbuf(stdout, nil, _IOLBF, 0)
    }
}
