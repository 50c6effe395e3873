// SHA-256's compression with the processor's instructions.
//
// x86-64's SHA-NI works on the eight state words as two vectors: one holding A, B, E and F,
// the other C, D, G and H (A and C in the highest lane). Each `sha256rnds2` does two rounds, taking
// the two message words plus round constants from the low half of its third operand; the
// message schedule is built four words at a time by `sha256msg1` and `sha256msg2`.

#include "CSHA256.h"

#if defined(__x86_64__) || (defined(__aarch64__) && defined(__ARM_FEATURE_SHA2))

/// The 64 round constants of FIPS 180-4, section 4.2.2.
static const uint32_t roundConstants[64] __attribute__((aligned(16))) = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
    0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
    0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
    0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
    0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
    0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2,
};

#endif

#if defined(__x86_64__)

#include <cpuid.h>
#include <immintrin.h>

int csha256_available(void) {
  unsigned int eax, ebx, ecx, edx;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
  if ((ecx & bit_SSSE3) == 0 || (ecx & bit_SSE4_1) == 0) return 0;
  if (__get_cpuid_max(0, 0) < 7) return 0;
  __cpuid_count(7, 0, eax, ebx, ecx, edx);
  return (ebx & bit_SHA) != 0;
}

#define SHA_TARGET __attribute__((target("sha,ssse3,sse4.1")))

/// The state as the instructions hold it: A B E F and C D G H, each with its first letter in
/// the highest lane.
typedef struct {
  __m128i abef;
  __m128i cdgh;
} Lanes;

SHA_TARGET static inline Lanes lanesFromWords(__m128i abcd, __m128i efgh) {
  __m128i badc = _mm_shuffle_epi32(abcd, 0xB1);
  __m128i hgfe = _mm_shuffle_epi32(efgh, 0x1B);
  Lanes lanes;
  lanes.abef = _mm_alignr_epi8(badc, hgfe, 8);
  lanes.cdgh = _mm_blend_epi16(hgfe, badc, 0xF0);
  return lanes;
}

/// The words A B C D and E F G H, A and E in the lowest lane, from `lanes`.
SHA_TARGET static inline void wordsFromLanes(Lanes lanes, __m128i *abcd, __m128i *efgh) {
  __m128i abef = _mm_shuffle_epi32(lanes.abef, 0x1B);
  __m128i ghcd = _mm_shuffle_epi32(lanes.cdgh, 0xB1);
  *abcd = _mm_blend_epi16(abef, ghcd, 0xF0);
  *efgh = _mm_alignr_epi8(ghcd, abef, 8);
}

/// Four rounds, with the message words `words` (the first in the lowest lane), from `group`
/// of the round constants.
#define FOUR_ROUNDS(state, words, group)                                                      \
  do {                                                                                        \
    __m128i sum = _mm_add_epi32(                                                              \
        (words), _mm_load_si128((const __m128i *)(roundConstants + 4 * (group))));            \
    (state).cdgh = _mm_sha256rnds2_epu32((state).cdgh, (state).abef, sum);                    \
    (state).abef = _mm_sha256rnds2_epu32((state).abef, (state).cdgh,                          \
                                         _mm_shuffle_epi32(sum, 0x0E));                       \
  } while (0)

/// The next four words of the schedule from the sixteen before them, oldest first.
#define NEXT_WORDS(w0, w1, w2, w3)                                                            \
  _mm_sha256msg2_epu32(                                                                       \
      _mm_add_epi32(_mm_sha256msg1_epu32((w0), (w1)), _mm_alignr_epi8((w3), (w2), 4)), (w3))

/// The 64 rounds over a block of sixteen words `m0` to `m3`, added into `start`.
SHA_TARGET static inline Lanes compressLanes(Lanes start, __m128i m0, __m128i m1, __m128i m2,
                                             __m128i m3) {
  Lanes state = start;
  FOUR_ROUNDS(state, m0, 0);
  FOUR_ROUNDS(state, m1, 1);
  FOUR_ROUNDS(state, m2, 2);
  FOUR_ROUNDS(state, m3, 3);
  for (int group = 4; group < 16; group += 4) {
    m0 = NEXT_WORDS(m0, m1, m2, m3);
    FOUR_ROUNDS(state, m0, group);
    m1 = NEXT_WORDS(m1, m2, m3, m0);
    FOUR_ROUNDS(state, m1, group + 1);
    m2 = NEXT_WORDS(m2, m3, m0, m1);
    FOUR_ROUNDS(state, m2, group + 2);
    m3 = NEXT_WORDS(m3, m0, m1, m2);
    FOUR_ROUNDS(state, m3, group + 3);
  }
  state.abef = _mm_add_epi32(state.abef, start.abef);
  state.cdgh = _mm_add_epi32(state.cdgh, start.cdgh);
  return state;
}

SHA_TARGET void csha256_compress(uint32_t state[8], const uint8_t *blocks, size_t count) {
  // Reverses the bytes of each 32-bit word: the message is big-endian.
  const __m128i bigEndian = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
  Lanes lanes = lanesFromWords(_mm_loadu_si128((const __m128i *)state),
                               _mm_loadu_si128((const __m128i *)(state + 4)));
  for (size_t index = 0; index < count; index++) {
    const __m128i *block = (const __m128i *)(blocks + 64 * index);
    lanes = compressLanes(lanes, _mm_shuffle_epi8(_mm_loadu_si128(block), bigEndian),
                          _mm_shuffle_epi8(_mm_loadu_si128(block + 1), bigEndian),
                          _mm_shuffle_epi8(_mm_loadu_si128(block + 2), bigEndian),
                          _mm_shuffle_epi8(_mm_loadu_si128(block + 3), bigEndian));
  }
  __m128i abcd, efgh;
  wordsFromLanes(lanes, &abcd, &efgh);
  _mm_storeu_si128((__m128i *)state, abcd);
  _mm_storeu_si128((__m128i *)(state + 4), efgh);
}

SHA_TARGET void csha256_pbkdf2_chain(const uint32_t inner[8], const uint32_t outer[8],
                                     uint32_t code[8], uint32_t total[8], uint64_t count) {
  const Lanes innerStart = lanesFromWords(_mm_loadu_si128((const __m128i *)inner),
                                          _mm_loadu_si128((const __m128i *)(inner + 4)));
  const Lanes outerStart = lanesFromWords(_mm_loadu_si128((const __m128i *)outer),
                                          _mm_loadu_si128((const __m128i *)(outer + 4)));
  // The block after a 32-byte message that follows a 64-byte pad: the 1 bit, zeros, and the
  // length of 96 bytes in bits.
  const __m128i padding = _mm_set_epi32(0, 0, 0, (int)0x80000000u);
  const __m128i length = _mm_set_epi32(96 * 8, 0, 0, 0);
  __m128i abcd = _mm_loadu_si128((const __m128i *)code);
  __m128i efgh = _mm_loadu_si128((const __m128i *)(code + 4));
  __m128i totalABCD = _mm_loadu_si128((const __m128i *)total);
  __m128i totalEFGH = _mm_loadu_si128((const __m128i *)(total + 4));
  for (uint64_t link = 0; link < count; link++) {
    Lanes innerHash = compressLanes(innerStart, abcd, efgh, padding, length);
    wordsFromLanes(innerHash, &abcd, &efgh);
    Lanes outerHash = compressLanes(outerStart, abcd, efgh, padding, length);
    wordsFromLanes(outerHash, &abcd, &efgh);
    totalABCD = _mm_xor_si128(totalABCD, abcd);
    totalEFGH = _mm_xor_si128(totalEFGH, efgh);
  }
  _mm_storeu_si128((__m128i *)code, abcd);
  _mm_storeu_si128((__m128i *)(code + 4), efgh);
  _mm_storeu_si128((__m128i *)total, totalABCD);
  _mm_storeu_si128((__m128i *)(total + 4), totalEFGH);
}

#elif defined(__aarch64__) && defined(__ARM_FEATURE_SHA2)

// Not run on the machines this was written on: only x86-64 is tested.
#include <arm_neon.h>

int csha256_available(void) { return 1; }

/// The 64 rounds over a block of sixteen words `m0` to `m3` (the first in the lowest lane),
/// added into `*abcd` and `*efgh`.
static inline void compressVectors(uint32x4_t *abcd, uint32x4_t *efgh, uint32x4_t m0,
                                   uint32x4_t m1, uint32x4_t m2, uint32x4_t m3) {
  uint32x4_t a = *abcd, e = *efgh;
  uint32x4_t words[4] = {m0, m1, m2, m3};
  for (int group = 0; group < 16; group++) {
    uint32x4_t w = words[group & 3];
    if (group >= 4) {
      // The next four schedule words from the sixteen before them.
      w = vsha256su1q_u32(vsha256su0q_u32(w, words[(group + 1) & 3]), words[(group + 2) & 3],
                          words[(group + 3) & 3]);
      words[group & 3] = w;
    }
    uint32x4_t sum = vaddq_u32(w, vld1q_u32(roundConstants + 4 * group));
    uint32x4_t previous = a;
    a = vsha256hq_u32(a, e, sum);
    e = vsha256h2q_u32(e, previous, sum);
  }
  *abcd = vaddq_u32(*abcd, a);
  *efgh = vaddq_u32(*efgh, e);
}

void csha256_compress(uint32_t state[8], const uint8_t *blocks, size_t count) {
  uint32x4_t abcd = vld1q_u32(state), efgh = vld1q_u32(state + 4);
  for (size_t index = 0; index < count; index++) {
    const uint8_t *block = blocks + 64 * index;
    compressVectors(&abcd, &efgh, vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(block))),
                    vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(block + 16))),
                    vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(block + 32))),
                    vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(block + 48))));
  }
  vst1q_u32(state, abcd);
  vst1q_u32(state + 4, efgh);
}

void csha256_pbkdf2_chain(const uint32_t inner[8], const uint32_t outer[8], uint32_t code[8],
                          uint32_t total[8], uint64_t count) {
  const uint32_t paddingWords[4] = {0x80000000u, 0, 0, 0};
  const uint32_t lengthWords[4] = {0, 0, 0, 96 * 8};
  const uint32x4_t padding = vld1q_u32(paddingWords), length = vld1q_u32(lengthWords);
  const uint32x4_t innerABCD = vld1q_u32(inner), innerEFGH = vld1q_u32(inner + 4);
  const uint32x4_t outerABCD = vld1q_u32(outer), outerEFGH = vld1q_u32(outer + 4);
  uint32x4_t abcd = vld1q_u32(code), efgh = vld1q_u32(code + 4);
  uint32x4_t totalABCD = vld1q_u32(total), totalEFGH = vld1q_u32(total + 4);
  for (uint64_t link = 0; link < count; link++) {
    uint32x4_t hashABCD = innerABCD, hashEFGH = innerEFGH;
    compressVectors(&hashABCD, &hashEFGH, abcd, efgh, padding, length);
    abcd = outerABCD;
    efgh = outerEFGH;
    compressVectors(&abcd, &efgh, hashABCD, hashEFGH, padding, length);
    totalABCD = veorq_u32(totalABCD, abcd);
    totalEFGH = veorq_u32(totalEFGH, efgh);
  }
  vst1q_u32(code, abcd);
  vst1q_u32(code + 4, efgh);
  vst1q_u32(total, totalABCD);
  vst1q_u32(total + 4, totalEFGH);
}

#else

int csha256_available(void) { return 0; }

void csha256_compress(uint32_t state[8], const uint8_t *blocks, size_t count) {
  (void)state;
  (void)blocks;
  (void)count;
}

void csha256_pbkdf2_chain(const uint32_t inner[8], const uint32_t outer[8], uint32_t code[8],
                          uint32_t total[8], uint64_t count) {
  (void)inner;
  (void)outer;
  (void)code;
  (void)total;
  (void)count;
}

#endif
