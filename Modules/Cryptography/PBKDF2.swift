internal import CSHA256

/// PBKDF2 with HMAC-SHA256 as its pseudorandom function (RFC 8018, section 5.2): stretches a
/// password into a key that costs `iterations` HMACs per 32 bytes to compute.
public enum PBKDF2 {
  /// Derives `byteCount` bytes from `password` and `salt`.
  ///
  /// - Precondition: `iterations` and `byteCount` are at least 1.
  public static func sha256(
    password: some Sequence<UInt8>, salt: some Sequence<UInt8>, iterations: Int, byteCount: Int
  ) -> [UInt8] {
    sha256(
      password: password, salt: salt, iterations: iterations, byteCount: byteCount,
      engine: .best)
  }

  /// Derives `byteCount` bytes from `password` and `salt`, the hashes' blocks compressed by
  /// `engine`.
  static func sha256(
    password: some Sequence<UInt8>, salt: some Sequence<UInt8>, iterations: Int, byteCount: Int,
    engine: SHA256Engine
  ) -> [UInt8] {
    precondition(iterations >= 1, "PBKDF2 needs at least one iteration")
    precondition(byteCount >= 1, "PBKDF2 derives at least one byte")
    let prf = HMACSHA256(key: password, engine: engine)
    let salt = Array(salt)
    var derived: [UInt8] = []
    derived.reserveCapacity(byteCount + SHA256.digestByteCount)
    var blockIndex: UInt32 = 1
    while derived.count < byteCount {
      let first = prf.authenticationCode(
        for: salt + [
          UInt8(truncatingIfNeeded: blockIndex >> 24), UInt8(truncatingIfNeeded: blockIndex >> 16),
          UInt8(truncatingIfNeeded: blockIndex >> 8), UInt8(truncatingIfNeeded: blockIndex),
        ])
      derived.append(contentsOf: iterate(prf, from: first, times: iterations - 1))
      blockIndex += 1
    }
    return Array(derived.prefix(byteCount))
  }

  /// XORs `first` with the next `times` codes of the chain U₂ = PRF(U₁), U₃ = PRF(U₂), …
  ///
  /// Each step hashes exactly one block for the inner hash and one for the outer (a 32-byte
  /// message after a 64-byte pad), so the loop works on words and skips the general
  /// padding code. With the processor's instructions the whole loop runs in C, so that each
  /// step costs its two compressions and no call.
  private static func iterate(_ prf: HMACSHA256, from first: [UInt8], times: Int) -> [UInt8] {
    var current = SHA256State.initial
    first.withUnsafeBufferPointer { bytes in
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { words in
        SHA256State.loadBigEndianWords(from: bytes.baseAddress!, into: words.baseAddress!)
        current = SHA256State(
          h0: words[0], h1: words[1], h2: words[2], h3: words[3], h4: words[4], h5: words[5],
          h6: words[6], h7: words[7])
      }
    }
    var total = current
    if prf.engine == .processor {
      var inner = prf.innerState
      var outer = prf.outerState
      inner.withWords { innerWords in
        outer.withWords { outerWords in
          current.withWords { currentWords in
            total.withWords { totalWords in
              csha256_pbkdf2_chain(
                innerWords, outerWords, currentWords, totalWords, UInt64(times))
            }
          }
        }
      }
      return total.bytes
    }
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { buffer in
      let schedule = buffer.baseAddress!
      for _ in 0..<times {
        var inner = prf.innerState
        fillOneBlockMessage(schedule, with: current)
        inner.compress(schedule: schedule)
        var outer = prf.outerState
        fillOneBlockMessage(schedule, with: inner)
        outer.compress(schedule: schedule)
        current = outer
        total.h0 ^= current.h0
        total.h1 ^= current.h1
        total.h2 ^= current.h2
        total.h3 ^= current.h3
        total.h4 ^= current.h4
        total.h5 ^= current.h5
        total.h6 ^= current.h6
        total.h7 ^= current.h7
      }
    }
    return total.bytes
  }

  /// Writes the last block of a hash over one 64-byte pad and a 32-byte `digest`: the
  /// digest, the `1` bit, zeros and the length of 96 bytes in bits.
  @inline(__always)
  private static func fillOneBlockMessage(
    _ words: UnsafeMutablePointer<UInt32>, with digest: SHA256State
  ) {
    words[0] = digest.h0
    words[1] = digest.h1
    words[2] = digest.h2
    words[3] = digest.h3
    words[4] = digest.h4
    words[5] = digest.h5
    words[6] = digest.h6
    words[7] = digest.h7
    words[8] = 0x8000_0000
    for index in 9..<15 { words[index] = 0 }
    words[15] = UInt32((SHA256.blockByteCount + SHA256.digestByteCount) * 8)
  }
}
