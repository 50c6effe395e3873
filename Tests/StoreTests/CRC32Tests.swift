import ReactiveTesting
import Testing

@testable import Store

@Suite struct CRC32Tests {
  /// The textbook bit-by-bit CRC-32, to check the table-driven one against.
  private func reference(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  @Test func knownValues() {
    expectEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
    expectEqual(CRC32.checksum([UInt8]()), 0)
    expectEqual(
      CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)), 0x414F_A339)
    expectEqual(CRC32.hex(0x0A1B_2C3D), "0a1b2c3d")
    expectEqual(CRC32.hex(0), "00000000")
  }

  @Test func everyLengthAndOffsetMatchesTheBitwiseDefinition() {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<300).map { _ in UInt8.random(in: 0...255, using: &generator) }
    for start in 0..<9 {
      for end in stride(from: start, through: bytes.count, by: 7) {
        expectEqual(
          CRC32.checksum(bytes, range: start..<end), reference(Array(bytes[start..<end])),
          "\(start)..<\(end)")
      }
    }
  }

  /// The checksum of `bytes[range]` by the tables alone, and by the processor's folding when
  /// it has it.
  private func bothWays(_ bytes: [UInt8], _ range: Range<Int>) -> (tables: UInt32, folding: UInt32?)
  {
    bytes.withUnsafeBufferPointer { all in
      let text = UnsafeBufferPointer(rebasing: all[range])
      let tables = CRC32.updateByTables(~0, text) ^ ~0
      guard CRC32.folds, let base = text.baseAddress else { return (tables, nil) }
      return (tables, CRC32.updateFolding(~0, base, text.count) ^ ~0)
    }
  }

  /// The processor's folding is found where the processor has it.
  @Test func foldingIsUsedOnX86() {
    #if arch(x86_64)
      // Every x86-64 processor since 2010 has carry-less multiplication.
      #expect(CRC32.folds)
    #else
      #expect(!CRC32.folds)
    #endif
  }

  /// Folding takes whole blocks of 64 bytes, from any address, and the bytes after them in
  /// order: the same value for every length up to four blocks and a tail (less than a block
  /// is read in order), from every alignment, with any register to start from.
  @Test func foldingMatchesTheBitwiseDefinition() {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<600).map { _ in UInt8.random(in: 0...255, using: &generator) }
    for start in 0..<17 {
      for end in start...(start + 300) {
        let expected = reference(Array(bytes[start..<end]))
        let (tables, folding) = bothWays(bytes, start..<end)
        expectEqual(tables, expected, "\(start)..<\(end)")
        if CRC32.folds { expectEqual(folding, expected, "\(start)..<\(end)") }
      }
    }
    // Continuing from a register: the checksum of two pieces, the second folded.
    guard CRC32.folds else { return }
    bytes.withUnsafeBufferPointer { all in
      let base = all.baseAddress!
      for cut in [0, 1, 63, 64, 100] {
        let first = CRC32.updateByTables(~0, UnsafeBufferPointer(start: base, count: cut))
        let both = CRC32.updateFolding(first, base + cut, 500 - cut) ^ ~0
        expectEqual(both, reference(Array(bytes[0..<500])), "\(cut)")
      }
    }
  }

  /// Long texts are checksummed in three parts side by side, combined at the end (by the
  /// tables), or folded (by the processor): the same value, for lengths around where the
  /// parts start (12 KiB), and parts of any alignment.
  @Test func longTextsMatchTheBitwiseDefinition() {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<40_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let ranges =
      (12_270...12_300).map { 0..<$0 } + (0..<9).map { $0..<(bytes.count - 8 + $0) }
      + [3..<30_011, 0..<bytes.count]
    for range in ranges {
      let expected = reference(Array(bytes[range]))
      expectEqual(CRC32.checksum(bytes, range: range), expected, "\(range)")
      let (tables, folding) = bothWays(bytes, range)
      expectEqual(tables, expected, "\(range)")
      if CRC32.folds { expectEqual(folding, expected, "\(range)") }
    }
    // A change anywhere, in any part, changes the checksum.
    for position in [0, 13_332, 13_333, 26_666, 39_999] {
      var changed = bytes
      changed[position] ^= 1
      #expect(CRC32.checksum(changed) != CRC32.checksum(bytes), "\(position)")
    }
  }

  /// From a mebibyte on, the two halves are checksummed on two threads and combined: the
  /// same value, for odd and even lengths around where that starts.
  @Test func textsCheckedOnTwoThreadsMatchTheBitwiseDefinition() {
    var generator = SystemRandomNumberGenerator()
    let length = CRC32.twoThreadsFrom + 17
    let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let expected = reference(bytes)
    expectEqual(CRC32.checksum(bytes, range: 0..<length), expected)
    for range in [0..<CRC32.twoThreadsFrom, 1..<length, 5..<(length - 4)] {
      expectEqual(
        CRC32.checksum(bytes, range: range), reference(Array(bytes[range])), "\(range)")
    }
    for position in [0, length / 2 - 1, length / 2, length - 1] {
      var changed = bytes
      changed[position] ^= 0x80
      #expect(CRC32.checksum(changed) != expected, "\(position)")
    }
  }
}
