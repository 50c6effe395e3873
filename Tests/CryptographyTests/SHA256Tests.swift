import Cryptography
import Testing

/// SHA-256 against the examples of FIPS 180-4 (NIST's "SHA256.pdf" example values).
@Suite struct SHA256Tests {
  @Test func oneBlockMessageABC() {
    #expect(
      hex(SHA256.hash(Array("abc".utf8)))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test func twoBlockMessage() {
    let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    #expect(
      hex(SHA256.hash(Array(message.utf8)))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test func oneMillionTimesA() {
    #expect(
      hex(SHA256.hash(repeatElement(UInt8(ascii: "a"), count: 1_000_000)))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func emptyMessage() {
    #expect(
      hex(SHA256.hash([]))
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  @Test func messageOf896Bits() {
    let message =
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
      + "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
    #expect(
      hex(SHA256.hash(Array(message.utf8)))
        == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
  }

  /// Every split of a message into two pieces gives the digest of the whole: the pending
  /// block is carried over right, including lengths around the 55- and 64-byte edges.
  @Test func piecesGiveTheDigestOfTheWhole() {
    let message = (0..<130).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
    for length in [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 130] {
      let whole = SHA256.hash(message[..<length])
      for split in 0...length {
        var hasher = SHA256()
        hasher.update(message[..<split])
        hasher.update(message[split..<length])
        #expect(hasher.finalize() == whole, "length \(length), split at \(split)")
      }
    }
  }
}
