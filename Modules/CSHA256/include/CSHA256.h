// The processor's SHA-256 instructions, for the password hash: SHA-NI on x86-64, the SHA2
// extension on 64-bit ARM. Swift has no way to name them, so they are here. The portable code
// in the Cryptography module does the same work on every other processor.

#ifndef CSHA256_H
#define CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// Whether this processor can run the functions below: 1 on x86-64 with SHA-NI (and SSSE3 and
/// SSE4.1, which they use beside it), on 64-bit ARM built with the SHA2 extension; else 0.
int csha256_available(void);

/// Compresses `count` blocks of 64 bytes from `blocks` into `state`, the eight words of the
/// running hash (`state[0]` is the hash's first word, A). Call only when `csha256_available()`
/// is 1.
void csha256_compress(uint32_t state[8], const uint8_t *blocks, size_t count);

/// PBKDF2-HMAC-SHA256's chain, `count` links of it: each link hashes the 32-byte `code` as an
/// HMAC message, `inner` and `outer` being the hash states after the key's two padded blocks,
/// then XORs the new code into `total` and keeps it in `code`. Codes are eight words, the
/// first word first. Call only when `csha256_available()` is 1.
void csha256_pbkdf2_chain(const uint32_t inner[8], const uint32_t outer[8], uint32_t code[8],
                          uint32_t total[8], uint64_t count);

#endif
