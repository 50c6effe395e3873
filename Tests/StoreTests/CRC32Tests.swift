import Store
import Testing

@Suite struct PlaceholderTests {
  @Test func crc() { #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926) }
}
