// libFuzzer's entry for a program that has a main of its own (libclang_rt.fuzzer's
// FuzzerInterface.h): it parses libFuzzer's flags from argc and argv and fuzzes the callback.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *_Nonnull argc, char *_Nullable *_Nullable *_Nonnull argv, int (*_Nonnull UserCb)(const uint8_t *_Nonnull Data, size_t Size));
