// CRC-32 by carry-less multiplication: four 16-byte lanes, each moved 64 bytes ahead at a
// time by multiplying it by x^512 modulo the polynomial, then the four folded into one.
//
// In the reflected bit order of this CRC, bit m of a 128-bit lane is the coefficient of
// x^(127-m), and bit j of a 64-bit half that of x^(63-j). A lane L is H x^64 + G, H its low
// half and G its high half; moved T bits ahead it is congruent to H x^(T+64) + G x^T. The
// product of two reflected halves is one degree short (x A B), so the constants are
// x^(T+63) and x^(T-1) modulo the polynomial, written in the high 32 bits of their half.

#include "CChecksum.h"

#if defined(__x86_64__)

#include <cpuid.h>
#include <immintrin.h>

int cchecksum_crc32_fold_available(void) {
  unsigned int eax, ebx, ecx, edx;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
  return (ecx & bit_PCLMUL) != 0;
}

/// `lane` moved ahead by the distance of `constants`, plus `next`.
__attribute__((target("pclmul"))) static inline __m128i fold(__m128i lane, __m128i constants,
                                                              __m128i next) {
  __m128i fromLowHalf = _mm_clmulepi64_si128(lane, constants, 0x00);
  __m128i fromHighHalf = _mm_clmulepi64_si128(lane, constants, 0x11);
  return _mm_xor_si128(_mm_xor_si128(fromLowHalf, fromHighHalf), next);
}

__attribute__((target("pclmul"))) void cchecksum_crc32_fold(uint32_t crc, const uint8_t *bytes,
                                                            size_t blocks, uint8_t out[16]) {
  // x^575 and x^511 (by 512 bits), x^191 and x^127 (by 128 bits), modulo the polynomial.
  const __m128i by512 = _mm_set_epi64x((long long)0xcad38e8f00000000ULL, 0x653d982200000000LL);
  const __m128i by128 = _mm_set_epi64x((long long)0x9ba54c6f00000000ULL, 0x65673b4600000000LL);
  const __m128i *block = (const __m128i *)bytes;
  __m128i lane0 = _mm_xor_si128(_mm_loadu_si128(block), _mm_cvtsi32_si128((int)crc));
  __m128i lane1 = _mm_loadu_si128(block + 1);
  __m128i lane2 = _mm_loadu_si128(block + 2);
  __m128i lane3 = _mm_loadu_si128(block + 3);
  for (size_t index = 1; index < blocks; index++) {
    block += 4;
    lane0 = fold(lane0, by512, _mm_loadu_si128(block));
    lane1 = fold(lane1, by512, _mm_loadu_si128(block + 1));
    lane2 = fold(lane2, by512, _mm_loadu_si128(block + 2));
    lane3 = fold(lane3, by512, _mm_loadu_si128(block + 3));
  }
  __m128i folded = fold(lane0, by128, lane1);
  folded = fold(folded, by128, lane2);
  folded = fold(folded, by128, lane3);
  _mm_storeu_si128((__m128i *)out, folded);
}

#else

int cchecksum_crc32_fold_available(void) { return 0; }

void cchecksum_crc32_fold(uint32_t crc, const uint8_t *bytes, size_t blocks, uint8_t out[16]) {
  (void)crc;
  (void)bytes;
  (void)blocks;
  (void)out;
}

#endif
