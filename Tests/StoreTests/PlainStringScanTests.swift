import CTextScan
import ReactiveTesting
import Testing

@testable import Store

/// Where a string's plain part ends (``JSONReader``'s strings, read sixteen bytes at a time):
/// at every place in and around a block of sixteen, with text before and after it.
@Suite struct PlainStringScanTests {
  /// `count` letters.
  private func letters(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) }
  }

  /// A reader of `lead` spaces, then a string of `count` letters with `inserted` before the
  /// letter at `index`, then more text.
  private func reader(count: Int, inserted: [UInt8], at index: Int, lead: Int = 1) -> JSONReader {
    var text = letters(count)
    text.insert(contentsOf: inserted, at: index)
    return JSONReader(
      Array(repeating: UInt8(ascii: " "), count: lead) + [UInt8(ascii: "\"")] + text
        + Array(#"", "after""#.utf8))
  }

  @Test func theVectorScanFindsWhatTheByteByByteOneFinds() {
    var generator = SystemRandomNumberGenerator()
    let special: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x20, 0x7F, 0x80, 0xC3, 0xFF, 0x41]
    for _ in 0..<2000 {
      let count = Int.random(in: 0...80, using: &generator)
      var bytes = (0..<count).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
        .map { $0 == 0x22 || $0 == 0x5C ? UInt8(ascii: "x") : $0 }
      for _ in 0..<Int.random(in: 0...3, using: &generator) where count > 0 {
        bytes[Int.random(in: 0..<count, using: &generator)] = special.randomElement(
          using: &generator)!
      }
      let start = count == 0 ? 0 : Int.random(in: 0..<count, using: &generator)
      bytes.withUnsafeBufferPointer { all in
        guard let base = all.baseAddress else { return }
        var vector: Int32 = -1
        var portable: Int32 = -1
        let vectorEnd = ctextscan_plain_string(base, start, count, &vector)
        let portableEnd = ctextscan_plain_string_portable(base, start, count, &portable)
        expectEqual(vectorEnd, portableEnd, "\(bytes) from \(start)")
        expectEqual(vector, portable, "\(bytes) from \(start)")
      }
    }
  }

  @Test func aStringEndsAtItsQuoteWhereverThatIs() throws {
    for lead in 0..<3 {
      for count in 0..<40 {
        for index in 0...count {
          var reader = reader(count: count, inserted: [UInt8(ascii: "\"")], at: index, lead: lead)
          #expect(try reader.string() == String(decoding: letters(index), as: UTF8.self))
        }
      }
    }
  }

  @Test func escapesControlCharactersAndOtherUTF8AreFoundAnywhere() throws {
    for count in 0..<40 {
      for index in 0...count {
        let before = String(decoding: letters(index), as: UTF8.self)
        let after = String(decoding: letters(count)[index...], as: UTF8.self)
        var escaped = reader(count: count, inserted: Array(#"\n"#.utf8), at: index)
        #expect(try escaped.string() == before + "\n" + after)
        var accented = reader(count: count, inserted: Array("é".utf8), at: index)
        #expect(try accented.string() == before + "é" + after)
        var control = reader(count: count, inserted: [0x1F], at: index)
        #expect(throws: JSONReader.Failure.self) { _ = try control.string() }
        var invalid = reader(count: count, inserted: [0xFF], at: index)
        #expect(throws: JSONReader.Failure.self) { _ = try invalid.string() }
      }
    }
  }
}
