// The processor instructions the store's CRC-32 uses when the processor has them: carry-less
// multiplication (PCLMULQDQ) on x86-64. Swift has no way to name them, so they are here.

#ifndef CCHECKSUM_H
#define CCHECKSUM_H

#include <stddef.h>
#include <stdint.h>

/// Whether this processor can run `cchecksum_crc32_fold`: 1 on x86-64 with PCLMULQDQ, else 0.
int cchecksum_crc32_fold_available(void);

/// Folds `blocks` (at least 1) blocks of 64 bytes from `bytes` into 16 bytes with the same
/// CRC-32 (polynomial 0xEDB88320, reflected) remainder: the register `crc` after all of them
/// equals the register 0 after the 16 bytes written to `out`. Call only when
/// `cchecksum_crc32_fold_available()` is 1.
void cchecksum_crc32_fold(uint32_t crc, const uint8_t *bytes, size_t blocks, uint8_t out[16]);

#endif
