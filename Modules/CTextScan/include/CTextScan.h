// Finding where the plain part of a JSON string ends, 16 bytes at a time with the processor's
// vector instructions where the compiler has them (SSE2 on x86-64), which Swift's vector types
// do not reliably compile to; elsewhere 8 bytes at a time in a 64-bit word.

#ifndef CTEXTSCAN_H
#define CTEXTSCAN_H

#include <stddef.h>
#include <stdint.h>

/// The offset of the first byte from `start` to `end` (excluded) that is a quote, a backslash
/// or a control character (below 0x20), or `end` when there is none; sets `*non_ascii` to 1
/// when a byte before that offset is 0x80 or more, to 0 otherwise.
size_t ctextscan_plain_string(const uint8_t *bytes, size_t start, size_t end, int *non_ascii);

/// `ctextscan_plain_string` one byte at a time, without vector instructions: what it must
/// give, for tests.
size_t ctextscan_plain_string_portable(const uint8_t *bytes, size_t start, size_t end,
                                       int *non_ascii);

#endif
