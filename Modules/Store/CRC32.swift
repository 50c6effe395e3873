/// The CRC-32 checksum of zlib, PNG and Ethernet (polynomial 0xEDB88320, reflected, starting
/// and ending with all bits inverted): `CRC32.checksum("123456789".utf8)` is `0xCBF43926`.
///
/// The store writes one beside every journal record and the snapshot's data, so that a
/// record cut short by a crash, or bytes changed on the disk, are told apart from data.
/// Computed eight bytes at a time with eight tables ("slicing by 8"), about a byte per cycle.
public enum CRC32 {
  /// The checksum of `bytes[range]`.
  public static func checksum(_ bytes: [UInt8], range: Range<Int>) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      update(~0, UnsafeBufferPointer(rebasing: buffer[range])) ^ ~0
    }
  }

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

  private static func update(_ start: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var crc = start
    var index = 0
    let count = bytes.count
    tables.withUnsafeBufferPointer { table in
      while index + 8 <= count {
        let low =
          crc
          ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
            | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24)
        let high =
          UInt32(bytes[index + 4]) | UInt32(bytes[index + 5]) << 8
          | UInt32(bytes[index + 6]) << 16 | UInt32(bytes[index + 7]) << 24
        crc =
          table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
          ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
          ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
          ^ table[1 * 256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
        index += 8
      }
      while index < count {
        crc = table[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
        index += 1
      }
    }
    return crc
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
