// The plain part of a JSON string: the bytes that need no decoding, up to its closing quote,
// an escape or a control character (which a string may not hold).

#include "CTextScan.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Whether `byte` ends the plain part of a string.
static inline int stops(uint8_t byte) { return byte == '"' || byte == '\\' || byte < 0x20; }

size_t ctextscan_plain_string_portable(const uint8_t *bytes, size_t start, size_t end,
                                       int *non_ascii) {
  uint8_t seen = 0;
  size_t offset = start;
  while (offset < end && !stops(bytes[offset])) {
    seen |= bytes[offset];
    offset += 1;
  }
  *non_ascii = (seen & 0x80) != 0;
  return offset;
}

size_t ctextscan_plain_string(const uint8_t *bytes, size_t start, size_t end, int *non_ascii) {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i lastControl = _mm_set1_epi8(0x1F);
  // The bytes passed, or-ed together: their high bits tell whether one was not ASCII.
  __m128i seen = _mm_setzero_si128();
  size_t offset = start;
  while (end - offset >= 16) {
    __m128i block = _mm_loadu_si128((const __m128i *)(bytes + offset));
    // A control character is its own minimum with 0x1F (an unsigned comparison).
    __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(block, lastControl), block);
    __m128i stop = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(block, quote), _mm_cmpeq_epi8(block, backslash)), control);
    unsigned found = (unsigned)_mm_movemask_epi8(stop);
    if (found != 0) {
      unsigned passed = (unsigned)__builtin_ctz(found);
      // The high bits of the blocks before, and of the bytes of this one before the stop.
      unsigned high = (unsigned)_mm_movemask_epi8(seen) |
                      ((unsigned)_mm_movemask_epi8(block) & ((1u << passed) - 1));
      *non_ascii = high != 0;
      return offset + passed;
    }
    seen = _mm_or_si128(seen, block);
    offset += 16;
  }
  int tail_non_ascii = 0;
  size_t stop = ctextscan_plain_string_portable(bytes, offset, end, &tail_non_ascii);
  *non_ascii = tail_non_ascii || _mm_movemask_epi8(seen) != 0;
  return stop;
#else
  // Eight bytes at a time in a word, the first one the lowest.
  const uint64_t ones = 0x0101010101010101ULL;
  const uint64_t highs = 0x8080808080808080ULL;
  uint64_t seen = 0;
  size_t offset = start;
  while (end - offset >= 8) {
    uint64_t word;
    memcpy(&word, bytes + offset, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    word = __builtin_bswap64(word);
#endif
    // The high bit of each byte below 1 (a zero byte) in the quotes' and backslashes' words
    // (the word with those bytes made zero), or below 0x20 in the word itself, is set; so
    // may be the high bits of some bytes after it, never before it: the lowest is exact.
    uint64_t quotes = word ^ (ones * '"');
    uint64_t backslashes = word ^ (ones * '\\');
    uint64_t found = (((quotes - ones) & ~quotes) | ((backslashes - ones) & ~backslashes) |
                      ((word - ones * 0x20) & ~word)) &
                     highs;
    if (found != 0) {
      unsigned passed = (unsigned)__builtin_ctzll(found) / 8;
      seen |= word & ((1ULL << (8 * passed)) - 1);
      *non_ascii = (seen & highs) != 0;
      return offset + passed;
    }
    seen |= word;
    offset += 8;
  }
  int tail_non_ascii = 0;
  size_t stop = ctextscan_plain_string_portable(bytes, offset, end, &tail_non_ascii);
  *non_ascii = tail_non_ascii || (seen & highs) != 0;
  return stop;
#endif
}
