import ReactiveTesting
import Testing

@testable import Cryptography

/// HMAC-SHA256 against every test case of RFC 4231, section 4, with each engine this
/// processor runs.
@Suite struct HMACSHA256Tests {
  struct Case: Sendable, CustomTestStringConvertible {
    var number: Int
    var key: [UInt8]
    var data: [UInt8]
    var code: String
    var testDescription: String { "RFC 4231 test case \(number)" }
  }

  static let cases: [Case] = [
    Case(
      number: 1, key: [UInt8](repeating: 0x0b, count: 20), data: Array("Hi There".utf8),
      code: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
    Case(
      number: 2, key: Array("Jefe".utf8), data: Array("what do ya want for nothing?".utf8),
      code: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
    Case(
      number: 3, key: [UInt8](repeating: 0xaa, count: 20),
      data: [UInt8](repeating: 0xdd, count: 50),
      code: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
    Case(
      number: 4, key: Array(1...25), data: [UInt8](repeating: 0xcd, count: 50),
      code: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
    // The RFC gives only the first 128 bits of this one.
    Case(
      number: 5, key: [UInt8](repeating: 0x0c, count: 20),
      data: Array("Test With Truncation".utf8), code: "a3b6167473100ee06e0c796c2955552b"),
    Case(
      number: 6, key: [UInt8](repeating: 0xaa, count: 131),
      data: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
      code: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
    Case(
      number: 7, key: [UInt8](repeating: 0xaa, count: 131),
      data: Array(
        ("This is a test using a larger than block-size key and a larger than block-size "
          + "data. The key needs to be hashed before being used by the HMAC algorithm.").utf8),
      code: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
  ]

  @Test(arguments: cases, SHA256Engine.usable)
  func publishedCode(_ vector: Case, engine: SHA256Engine) {
    let code = HMACSHA256(key: vector.key, engine: engine).authenticationCode(for: vector.data)
    expectEqual(code.count, 32)
    #expect(hex(code).hasPrefix(vector.code))
    #expect(vector.code.count == 64 || vector.number == 5)
  }

  /// The public API gives the same codes, with whichever engine it chose.
  @Test func publicAPIGivesThePublishedCodes() {
    for vector in Self.cases {
      #expect(
        hex(HMACSHA256.authenticationCode(for: vector.data, key: vector.key)).hasPrefix(vector.code)
      )
    }
  }

  @Test func aPreparedKeyGivesTheSameCodeForEachMessage() {
    let key = HMACSHA256(key: Array("Jefe".utf8))
    let message = Array("what do ya want for nothing?".utf8)
    expectEqual(key.authenticationCode(for: message), key.authenticationCode(for: message))
    expectEqual(hex(key.authenticationCode(for: message)), Self.cases[1].code)
  }
}
