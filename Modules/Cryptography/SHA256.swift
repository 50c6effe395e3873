internal import CSHA256

/// SHA-256 (FIPS 180-4): a 32-byte digest of any sequence of bytes.
///
/// Hash bytes at once with ``hash(_:)``, or feed them in pieces:
///
/// ```swift
/// var hasher = SHA256()
/// hasher.update(Array("abc".utf8))
/// let digest = hasher.finalize()  // 32 bytes: ba7816bf…
/// ```
public struct SHA256: Sendable {
  /// The size of a digest, in bytes.
  public static let digestByteCount = 32
  /// The size of the blocks the hash works on, in bytes.
  public static let blockByteCount = 64

  private var state: SHA256State
  /// The code that compresses the blocks.
  private let engine: SHA256Engine
  /// The bytes of the current block not yet compressed (fewer than 64).
  private var pending: [UInt8]
  /// How many bytes were fed in total, including those a starting state stands for.
  private var length: UInt64

  /// Starts an empty hash.
  public init() {
    self.init(state: .initial, length: 0, engine: .best)
  }

  /// Starts an empty hash whose blocks `engine` compresses.
  init(engine: SHA256Engine) {
    self.init(state: .initial, length: 0, engine: engine)
  }

  /// Starts from a state that stands for `length` bytes already compressed (a multiple of
  /// 64), as HMAC does once it has hashed its padded key.
  init(state: SHA256State, length: UInt64, engine: SHA256Engine) {
    self.state = state
    self.engine = engine
    self.pending = []
    self.pending.reserveCapacity(Self.blockByteCount)
    self.length = length
  }

  /// The digest of `bytes`.
  public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
    hash(bytes, engine: .best)
  }

  /// The digest of `bytes`, its blocks compressed by `engine`.
  static func hash(_ bytes: some Sequence<UInt8>, engine: SHA256Engine) -> [UInt8] {
    var hasher = SHA256(engine: engine)
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// Feeds more bytes to the hash.
  public mutating func update(_ bytes: some Sequence<UInt8>) {
    let contiguous = Array(bytes)
    contiguous.withUnsafeBufferPointer { absorb($0) }
  }

  /// Ends the hash and returns its 32-byte digest. The hasher is not meant to be fed after
  /// this.
  public mutating func finalize() -> [UInt8] {
    let bitLength = length &* 8
    var tail: [UInt8] = [0x80]
    let used = (pending.count + 1) % Self.blockByteCount
    let zeros = (Self.blockByteCount + 56 - used) % Self.blockByteCount
    tail.append(contentsOf: repeatElement(0, count: zeros))
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    let savedLength = length
    tail.withUnsafeBufferPointer { absorb($0) }
    length = savedLength
    return state.bytes
  }

  /// The state after the whole blocks fed so far; for HMAC's precomputed pads.
  var compressedState: SHA256State { state }

  private mutating func absorb(_ bytes: UnsafeBufferPointer<UInt8>) {
    length &+= UInt64(bytes.count)
    var index = 0
    if !pending.isEmpty {
      let taken = min(Self.blockByteCount - pending.count, bytes.count)
      pending.append(contentsOf: bytes[0..<taken])
      index = taken
      if pending.count == Self.blockByteCount {
        pending.withUnsafeBufferPointer { block in
          state.compress(blocks: block.baseAddress!, count: 1, engine: engine)
        }
        pending.removeAll(keepingCapacity: true)
      }
    }
    let blocks = (bytes.count - index) / Self.blockByteCount
    if blocks > 0 {
      state.compress(blocks: bytes.baseAddress! + index, count: blocks, engine: engine)
      index += blocks * Self.blockByteCount
    }
    if index < bytes.count {
      pending.append(contentsOf: bytes[index...])
    }
  }
}

/// The code that compresses SHA-256's blocks: the processor's SHA-256 instructions where it has
/// them (x86-64's SHA-NI, 64-bit ARM's SHA2 extension), found once at run time, else portable
/// Swift. Both give the same digests; the tests check each against the published vectors.
enum SHA256Engine: Sendable, CustomStringConvertible {
  /// The compression function in Swift, on any processor.
  case portable
  /// The processor's instructions, through the `CSHA256` module.
  case processor

  /// Whether this processor has the instructions `processor` uses.
  static let processorAvailable = csha256_available() != 0

  /// The fastest engine this processor runs.
  static let best: SHA256Engine = processorAvailable ? .processor : .portable

  /// Every engine this processor runs.
  static var usable: [SHA256Engine] { processorAvailable ? [.portable, .processor] : [.portable] }

  var description: String {
    switch self {
    case .portable: "portable"
    case .processor: "processor"
    }
  }
}

/// The eight 32-bit words of SHA-256's running hash, and its compression function.
struct SHA256State: Sendable, Equatable {
  var h0, h1, h2, h3, h4, h5, h6, h7: UInt32

  /// The initial hash value of FIPS 180-4, section 5.3.3.
  static let initial = SHA256State(
    h0: 0x6a09_e667, h1: 0xbb67_ae85, h2: 0x3c6e_f372, h3: 0xa54f_f53a,
    h4: 0x510e_527f, h5: 0x9b05_688c, h6: 0x1f83_d9ab, h7: 0x5be0_cd19)

  /// The digest this state stands for: its words, big-endian.
  var bytes: [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(32)
    for word in [h0, h1, h2, h3, h4, h5, h6, h7] {
      result.append(UInt8(truncatingIfNeeded: word >> 24))
      result.append(UInt8(truncatingIfNeeded: word >> 16))
      result.append(UInt8(truncatingIfNeeded: word >> 8))
      result.append(UInt8(truncatingIfNeeded: word))
    }
    return result
  }

  /// Compresses `count` blocks of 64 bytes from `blocks` into the state with `engine`.
  mutating func compress(blocks: UnsafePointer<UInt8>, count: Int, engine: SHA256Engine) {
    switch engine {
    case .processor:
      withWords { csha256_compress($0, blocks, count) }
    case .portable:
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
        let words = schedule.baseAddress!
        for index in 0..<count {
          Self.loadBigEndianWords(from: blocks + index * SHA256.blockByteCount, into: words)
          compress(schedule: words)
        }
      }
    }
  }

  /// Calls `body` with the eight words in memory, the first word first, and keeps what it
  /// leaves there.
  mutating func withWords<Result>(_ body: (UnsafeMutablePointer<UInt32>) -> Result) -> Result {
    var words = (h0, h1, h2, h3, h4, h5, h6, h7)
    let result = withUnsafeMutablePointer(to: &words) { tuple in
      tuple.withMemoryRebound(to: UInt32.self, capacity: 8) { body($0) }
    }
    (h0, h1, h2, h3, h4, h5, h6, h7) = words
    return result
  }

  /// Reads 64 bytes as 16 big-endian words into the start of `words`.
  static func loadBigEndianWords(
    from bytes: UnsafePointer<UInt8>, into words: UnsafeMutablePointer<UInt32>
  ) {
    for index in 0..<16 {
      let base = bytes + index * 4
      words[index] =
        UInt32(base[0]) << 24 | UInt32(base[1]) << 16 | UInt32(base[2]) << 8 | UInt32(base[3])
    }
  }

  /// Compresses one block into the state. `schedule` has room for 64 words, and its first
  /// 16 hold the block, big-endian; the other 48 are overwritten.
  mutating func compress(schedule w: UnsafeMutablePointer<UInt32>) {
    for t in 16..<64 {
      let x = w[t - 15]
      let y = w[t - 2]
      let s0 = x.rotatedRight(7) ^ x.rotatedRight(18) ^ (x >> 3)
      let s1 = y.rotatedRight(17) ^ y.rotatedRight(19) ^ (y >> 10)
      w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
    }
    var a = h0
    var b = h1
    var c = h2
    var d = h3
    var e = h4
    var f = h5
    var g = h6
    var h = h7
    sha256RoundConstants.withUnsafeBufferPointer { k in
      for t in 0..<64 {
        let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
        let choice = (e & f) ^ (~e & g)
        let t1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
        let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
        let majority = (a & b) ^ (a & c) ^ (b & c)
        let t2 = s0 &+ majority
        h = g
        g = f
        f = e
        e = d &+ t1
        d = c
        c = b
        b = a
        a = t1 &+ t2
      }
    }
    h0 &+= a
    h1 &+= b
    h2 &+= c
    h3 &+= d
    h4 &+= e
    h5 &+= f
    h6 &+= g
    h7 &+= h
  }
}

extension UInt32 {
  @inline(__always)
  fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
    (self >> count) | (self << (32 - count))
  }
}

/// The 64 round constants of FIPS 180-4, section 4.2.2.
private let sha256RoundConstants: [UInt32] = [
  0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
  0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
  0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
  0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
  0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
  0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
  0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
  0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
  0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
  0xc671_78f2,
]
