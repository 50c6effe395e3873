internal import CChecksum
import Dispatch

/// The CRC-32 checksum of zlib, PNG and Ethernet (polynomial 0xEDB88320, reflected, starting
/// and ending with all bits inverted): `CRC32.checksum("123456789".utf8)` is `0xCBF43926`.
///
/// The store writes one beside every journal record and the snapshot's data, so that a
/// record cut short by a crash, or bytes changed on the disk, are told apart from data.
/// Computed with the processor's carry-less multiplication where it has one (x86-64), 64
/// bytes at a step; elsewhere eight bytes at a time with eight tables ("slicing by 8"), on
/// three parts of a long text side by side: a few bytes per cycle.
public enum CRC32 {
  /// The checksum of `bytes[range]`.
  ///
  /// From ``twoThreadsFrom`` bytes on, the two halves are checksummed side by side, the second
  /// on another thread, and their checksums combined.
  public static func checksum(_ bytes: [UInt8], range: Range<Int>) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      let text = UnsafeBufferPointer(rebasing: buffer[range])
      guard text.count >= twoThreadsFrom else { return update(~0, text) ^ ~0 }
      // The second half starts from zero; the checksum of both is the first's moved past
      // the second's bytes (as many zero bytes), plus the second's.
      let half = text.count / 2
      nonisolated(unsafe) let first = UnsafeBufferPointer(rebasing: text[..<half])
      nonisolated(unsafe) let second = UnsafeBufferPointer(rebasing: text[half...])
      let registers = UnsafeMutablePointer<UInt32>.allocate(capacity: 2)
      defer { registers.deallocate() }
      nonisolated(unsafe) let shared = registers
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        shared[index] = index == 0 ? update(~0, first) : update(0, second)
      }
      return multiply(registers[0], zeros(second.count)) ^ registers[1] ^ ~0
    }
  }

  /// From this many bytes on, ``checksum(_:range:)`` uses two threads: a snapshot of the
  /// store, which is checked before it is read and written.
  public static let twoThreadsFrom = 1 << 20

  /// The checksum of `bytes`.
  public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    let array = Array(bytes)
    return checksum(array, range: 0..<array.count)
  }

  /// The checksum as the store writes it: eight lowercase hexadecimal digits.
  public static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }

  /// From this many bytes on, ``checksum(_:range:)`` computes the checksums of three parts side
  /// by side and combines them, which is several times faster than one after the other: each
  /// step of one part waits on the table lookups of the step before, which three parts
  /// overlap.
  static let partsFrom = 3 * 4096

  /// Whether the processor folds 64 bytes at a time (see `cchecksum_crc32_fold`).
  static let folds = cchecksum_crc32_fold_available() != 0

  /// From this many bytes on, the processor's folding is used when it has it.
  static let foldsFrom = 128

  private static func update(_ start: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let count = bytes.count
    if folds, count >= foldsFrom, let base = bytes.baseAddress {
      return updateFolding(start, base, count)
    }
    return updateByTables(start, bytes)
  }

  /// ``update(_:_:)`` with the processor's folding: the whole blocks of 64 bytes folded into
  /// 16 bytes with the same remainder, then those and the bytes after the blocks in order.
  static func updateFolding(_ start: UInt32, _ base: UnsafePointer<UInt8>, _ count: Int)
    -> UInt32
  {
    let blocks = count / 64
    // The processor's step reads one block at least.
    guard blocks > 0 else {
      return updateInOrder(start, UnsafeBufferPointer(start: base, count: count))
    }
    let folded = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { folded in
      cchecksum_crc32_fold(start, base, blocks, folded.baseAddress!)
      return updateInOrder(0, UnsafeBufferPointer(folded))
    }
    return updateInOrder(
      folded, UnsafeBufferPointer(start: base + 64 * blocks, count: count - 64 * blocks))
  }

  /// ``update(_:_:)`` with the tables alone.
  static func updateByTables(_ start: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let count = bytes.count
    guard count >= partsFrom, let base = bytes.baseAddress else {
      return updateInOrder(start, bytes)
    }
    // Three parts of `part` bytes (a multiple of eight), then the rest in order. The second
    // and third parts start from zero; the checksum of the first two is the first's moved
    // past `part` zero bytes, plus the second's (the register is linear in its start).
    let part = count / 3 & ~7
    let raw = UnsafeRawPointer(base)
    var first = start
    var second: UInt32 = 0
    var third: UInt32 = 0
    tables.withUnsafeBufferPointer { table in
      var offset = 0
      while offset < part {
        first = step(first, raw, offset, table)
        second = step(second, raw, part + offset, table)
        third = step(third, raw, 2 * part + offset, table)
        offset += 8
      }
    }
    let pastPart = zeros(part)
    let crc = multiply(multiply(first, pastPart) ^ second, pastPart) ^ third
    return updateInOrder(crc, UnsafeBufferPointer(rebasing: bytes[(3 * part)...]))
  }

  private static func updateInOrder(_ start: UInt32, _ bytes: UnsafeBufferPointer<UInt8>)
    -> UInt32
  {
    var crc = start
    let count = bytes.count
    guard let base = bytes.baseAddress else { return crc }
    let raw = UnsafeRawPointer(base)
    let whole = count & ~7
    tables.withUnsafeBufferPointer { table in
      var offset = 0
      while offset < whole {
        crc = step(crc, raw, offset, table)
        offset += 8
      }
      while offset < count {
        crc = table[Int((crc ^ UInt32(bytes[offset])) & 0xFF)] ^ (crc >> 8)
        offset += 1
      }
    }
    return crc
  }

  /// The register `crc` after the eight bytes at `offset` ("slicing by 8").
  @inline(__always)
  private static func step(
    _ crc: UInt32, _ raw: UnsafeRawPointer, _ offset: Int, _ table: UnsafeBufferPointer<UInt32>
  ) -> UInt32 {
    let low =
      crc ^ UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    let high = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
    return table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
      ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
      ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
      ^ table[1 * 256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
  }

  // The register holds a polynomial over GF(2) of degree below 32, reflected: bit 31 is the
  // coefficient of x⁰, bit 0 that of x³¹. Feeding it a zero byte multiplies it by x⁸ modulo
  // the polynomial.

  /// x^(8 × `count`) modulo the polynomial: what `count` zero bytes multiply the register by.
  private static func zeros(_ count: Int) -> UInt32 {
    var result: UInt32 = 1 << 31  // 1
    var power: UInt32 = 1 << 23  // x⁸, then x¹⁶, x³²…
    var rest = count
    while rest > 0 {
      if rest & 1 == 1 { result = multiply(result, power) }
      power = multiply(power, power)
      rest >>= 1
    }
    return result
  }

  /// `a` × `b` modulo the polynomial.
  private static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
    var product: UInt32 = 0
    var multiple = b  // b × xⁱ, for the coefficient of xⁱ in `a`
    var coefficient: UInt32 = 1 << 31
    while coefficient != 0 {
      if a & coefficient != 0 { product ^= multiple }
      multiple = multiple & 1 == 1 ? (multiple >> 1) ^ 0xEDB8_8320 : multiple >> 1
      coefficient >>= 1
    }
    return product
  }

  /// Table k gives the effect of a byte followed by k zero bytes.
  private static let tables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 8 * 256)
    for byte in 0..<256 {
      var crc = UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
      tables[byte] = crc
    }
    for byte in 0..<256 {
      var crc = tables[byte]
      for slice in 1..<8 {
        crc = tables[Int(crc & 0xFF)] ^ (crc >> 8)
        tables[slice * 256 + byte] = crc
      }
    }
    return tables
  }()
}
