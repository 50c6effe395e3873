import Cryptography
import Testing

/// PBKDF2-HMAC-SHA256 against the vectors of RFC 7914, section 11.
@Suite struct PBKDF2Tests {
  @Test func oneIteration() {
    let derived = PBKDF2.sha256(
      password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1, byteCount: 64)
    #expect(
      hex(derived)
        == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
        + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
  }

  @Test func eightyThousandIterations() {
    let derived = PBKDF2.sha256(
      password: Array("Password".utf8), salt: Array("NaCl".utf8), iterations: 80_000,
      byteCount: 64)
    #expect(
      hex(derived)
        == "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
        + "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d")
  }

  /// A shorter output is the start of a longer one, and a length that is not a multiple of
  /// 32 is cut, not rounded.
  @Test func shorterOutputsArePrefixes() {
    let long = PBKDF2.sha256(
      password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 3, byteCount: 64)
    for count in [1, 31, 32, 33, 50] {
      let short = PBKDF2.sha256(
        password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 3,
        byteCount: count)
      #expect(short == Array(long.prefix(count)))
    }
  }

  /// Two iterations are the XOR of U₁ and U₂ = HMAC(P, U₁), computed here the long way with
  /// the general HMAC, which checks the word-level loop against it.
  @Test func twoIterationsAreTheXorOfTheFirstTwoCodes() {
    let password = Array("pencil".utf8)
    let salt: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
    let first = HMACSHA256.authenticationCode(for: salt + [0, 0, 0, 1], key: password)
    let second = HMACSHA256.authenticationCode(for: first, key: password)
    let expected = zip(first, second).map { $0 ^ $1 }
    #expect(
      PBKDF2.sha256(password: password, salt: salt, iterations: 2, byteCount: 32) == expected)
  }
}
