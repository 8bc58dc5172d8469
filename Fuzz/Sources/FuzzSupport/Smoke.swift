import CLibFuzzer
import Foundation

/// Runs libFuzzer on `test` with this process's arguments, and exits with its status: the
/// harnesses' `main` in the smoke build (`PYRAMID_FUZZ_SMOKE=1`, FUZZ_SMOKE defined), which
/// builds them beside swift-pyramid's own debug build, where only the harness is
/// instrumented and libFuzzer's own `main` cannot be used (SwiftPM names the program's entry).
/// Fuzzing for real builds everything with `--sanitize=fuzzer` and libFuzzer's `main`.
public func runLibFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> Never {
    var count = CommandLine.argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&count, &arguments, test))
}
