import Cryptography
import Testing

@Suite struct ConstantTimeTests {
  @Test func equalBytesAreEqual() {
    #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
    #expect(ConstantTime.equals([], []))
  }

  @Test func aDifferenceAnywhereOrInLengthIsUnequal() {
    let reference: [UInt8] = [9, 8, 7, 6]
    for index in reference.indices {
      var changed = reference
      changed[index] ^= 0x01
      #expect(!ConstantTime.equals(reference, changed), "byte \(index) differs")
    }
    #expect(!ConstantTime.equals(reference, [9, 8, 7]))
    #expect(!ConstantTime.equals([9, 8, 7], reference))
  }
}

@Suite struct SecureRandomTests {
  @Test func givesTheAskedNumberOfBytes() throws {
    for count in [0, 1, 16, 256, 257, 1000] {
      #expect(try SecureRandom.bytes(count: count).count == count)
    }
  }

  /// Two draws of 32 bytes are equal with probability 2⁻²⁵⁶, and 1000 bytes from a working
  /// generator hold far more than 100 different values (a stuck or zero-filled buffer holds
  /// one).
  @Test func drawsDiffer() throws {
    #expect(try SecureRandom.bytes(count: 32) != SecureRandom.bytes(count: 32))
    #expect(Set(try SecureRandom.bytes(count: 1000)).count > 100)
  }
}

/// Base64 against the examples of RFC 4648, section 10, and its strict decoding.
@Suite struct Base64Tests {
  static let examples: [(text: String, encoded: String)] = [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
    ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
  ]

  @Test func standardExamples() {
    for example in Self.examples {
      #expect(Base64.encode(Array(example.text.utf8)) == example.encoded)
      #expect(Base64.decode(example.encoded) == Array(example.text.utf8))
    }
  }

  @Test func urlSafeHasNoPaddingAndNoPlusOrSlash() {
    let bytes: [UInt8] = [0xfb, 0xff, 0xbf]
    #expect(Base64.encode(bytes) == "+/+/")
    #expect(Base64.encode(bytes, .urlSafe) == "-_-_")
    #expect(Base64.encode(Array("f".utf8), .urlSafe) == "Zg")
    #expect(Base64.decode("-_-_", .urlSafe) == bytes)
    #expect(Base64.decode("Zg", .urlSafe) == Array("f".utf8))
  }

  @Test func damagedTextIsRefused() {
    for text in ["Zg=", "Zg", "Z===", "Zm9v!", "Zh==", "Zm9vY", "+/+/="] {
      #expect(Base64.decode(text) == nil, "\(text)")
    }
    for text in ["Zg==", "+/+/", "Z"] {
      #expect(Base64.decode(text, .urlSafe) == nil, "\(text)")
    }
  }
}
