// The declaration is all: LLVMFuzzerRunDriver comes from the fuzzer runtime swiftc links with
// -sanitize=fuzzer. SwiftPM builds a C target only when it has a source file.
#include "LibFuzzerDriver.h"
