#ifndef C_LIBFUZZER_SHIM_H
#define C_LIBFUZZER_SHIM_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver, in the runtime that -sanitize=fuzzer links (LLVM 12 and later). A target
// calls it from its own `main`, because SwiftPM renames an executable's `main` and so libFuzzer's
// own `main` would never be linked in.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
