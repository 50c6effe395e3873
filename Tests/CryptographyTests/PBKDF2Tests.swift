import ReactiveTesting
import Testing

@testable import Cryptography

/// PBKDF2-HMAC-SHA256 against the vectors of RFC 7914, section 11, and the PBKDF2-HMAC-SHA256
/// vectors in RFC 6070's form, with each engine this processor runs.
@Suite struct PBKDF2Tests {
  @Test(arguments: SHA256Engine.usable) func oneIteration(engine: SHA256Engine) {
    let derived = PBKDF2.sha256(
      password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1, byteCount: 64,
      engine: engine)
    #expect(
      hex(derived)
        == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
        + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
  }

  @Test(arguments: SHA256Engine.usable) func eightyThousandIterations(engine: SHA256Engine) {
    let derived = PBKDF2.sha256(
      password: Array("Password".utf8), salt: Array("NaCl".utf8), iterations: 80_000,
      byteCount: 64, engine: engine)
    #expect(
      hex(derived)
        == "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
        + "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d")
  }

  struct Vector: Sendable, CustomTestStringConvertible {
    var password: String
    var salt: String
    var iterations: Int
    var derived: String
    var testDescription: String { "\(iterations) iterations, \(derived.count / 2) bytes" }
  }

  static let vectors: [Vector] = [
    Vector(
      password: "password", salt: "salt", iterations: 1,
      derived: "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
    Vector(
      password: "password", salt: "salt", iterations: 2,
      derived: "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"),
    Vector(
      password: "password", salt: "salt", iterations: 4096,
      derived: "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
    Vector(
      password: "passwordPASSWORDpassword", salt: "saltSALTsaltSALTsaltSALTsaltSALTsalt",
      iterations: 4096,
      derived: "348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1c635518c7dac47e9"),
    Vector(
      password: "pass\0word", salt: "sa\0lt", iterations: 4096,
      derived: "89b69d0516f829893c696226650a8687"),
  ]

  @Test(arguments: vectors, SHA256Engine.usable)
  func publishedVector(_ vector: Vector, engine: SHA256Engine) {
    let derived = PBKDF2.sha256(
      password: Array(vector.password.utf8), salt: Array(vector.salt.utf8),
      iterations: vector.iterations, byteCount: vector.derived.count / 2, engine: engine)
    expectEqual(hex(derived), vector.derived)
  }

  /// The public API, with whichever engine it chose, gives the published keys.
  @Test func publicAPIGivesThePublishedKeys() {
    for vector in Self.vectors {
      let derived = PBKDF2.sha256(
        password: Array(vector.password.utf8), salt: Array(vector.salt.utf8),
        iterations: vector.iterations, byteCount: vector.derived.count / 2)
      expectEqual(hex(derived), vector.derived, "\(vector.testDescription)")
    }
  }

  /// The engines agree for passwords shorter and longer than a block, and chains of several
  /// lengths.
  @Test func enginesAgree() {
    let salt: [UInt8] = Array(0..<16)
    for passwordLength in [0, 1, 32, 64, 65, 200] {
      let password = (0..<passwordLength).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 1) }
      for iterations in [1, 2, 3, 1_000] {
        let portable = PBKDF2.sha256(
          password: password, salt: salt, iterations: iterations, byteCount: 70,
          engine: .portable)
        for engine in SHA256Engine.usable {
          let derived = PBKDF2.sha256(
            password: password, salt: salt, iterations: iterations, byteCount: 70,
            engine: engine)
          expectEqual(derived, portable, "password of \(passwordLength), \(iterations) iterations")
        }
      }
    }
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
      expectEqual(short, Array(long.prefix(count)))
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
    expectEqual(
      PBKDF2.sha256(password: password, salt: salt, iterations: 2, byteCount: 32), expected)
  }
}
