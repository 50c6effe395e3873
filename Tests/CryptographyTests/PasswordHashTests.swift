import Cryptography
import ReactiveTesting
import Testing

@Suite struct PasswordHashTests {
  /// Tests hash with few iterations; the default is checked on its own below.
  static let iterations = 1_000

  @Test func theDefaultIsOWASPsCountWithA16ByteSalt() throws {
    expectEqual(PasswordHash.defaultIterations, 600_000)
    let hash = PasswordHash.make(password: "x", iterations: 1)
    expectEqual(hash.salt.count, 16)
    expectEqual(hash.hash.count, 32)
  }

  @Test func verifiesTheRightPasswordOnly() throws {
    let hash = PasswordHash.make(password: "correct horse", iterations: Self.iterations)
    #expect(hash.verify("correct horse"))
    #expect(!hash.verify("correct horse "))
    #expect(!hash.verify("Correct horse"))
    #expect(!hash.verify(""))
  }

  @Test func eachHashHasItsOwnSalt() throws {
    let first = PasswordHash.make(password: "same", iterations: Self.iterations)
    let second = PasswordHash.make(password: "same", iterations: Self.iterations)
    #expect(first.salt != second.salt)
    #expect(first.hash != second.hash)
  }

  @Test func theEncodedFormReadsBack() throws {
    let hash = PasswordHash.make(password: "correct horse", iterations: Self.iterations)
    let encoded = hash.encoded
    #expect(encoded.hasPrefix("pbkdf2-sha256$1000$"))
    expectEqual(encoded.split(separator: "$").count, 4)
    let read = try PasswordHash(encoded: encoded)
    expectEqual(read, hash)
    #expect(read.verify("correct horse"))
  }

  /// The hash is PBKDF2-HMAC-SHA256 of the UTF-8 password, so another implementation
  /// (RFC 7914's vector here) verifies the same.
  @Test func isPlainPBKDF2OfTheUTF8Password() throws {
    let encoded =
      "pbkdf2-sha256$1$c2FsdA==$VawEblbjCJ/sFpHCJUS2BflBhSFt3gRl5oudV8INrLw="
    let hash = try PasswordHash(encoded: encoded)
    #expect(hash.verify("passwd"))
    #expect(!hash.verify("passwe"))
  }

  @Test func damagedValuesSayWhatIsWrong() {
    // 16 bytes of 1 and 32 bytes of 2, in base64.
    let salt = "AQEBAQEBAQEBAQEBAQEBAQ=="
    let digest = "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgI="
    // The salt is written in standard base64, padded.
    let made = PasswordHash.make(
      password: "", salt: [UInt8](repeating: 1, count: 16), iterations: 1)
    #expect(made.encoded.split(separator: "$")[2] == salt)
    let cases: [(String, PasswordHashError)] = [
      ("correct horse", .wrongFieldCount(1)),
      ("pbkdf2-sha256$1000$\(salt)", .wrongFieldCount(3)),
      ("pbkdf2-sha256$1000$\(salt)$\(digest)$", .wrongFieldCount(5)),
      ("bcrypt$1000$\(salt)$\(digest)", .unknownAlgorithm("bcrypt")),
      ("pbkdf2-sha256$many$\(salt)$\(digest)", .invalidIterations("many")),
      ("pbkdf2-sha256$0$\(salt)$\(digest)", .invalidIterations("0")),
      ("pbkdf2-sha256$-5$\(salt)$\(digest)", .invalidIterations("-5")),
      ("pbkdf2-sha256$+5$\(salt)$\(digest)", .invalidIterations("+5")),
      ("pbkdf2-sha256$999999999999$\(salt)$\(digest)", .invalidIterations("999999999999")),
      ("pbkdf2-sha256$1000$not*base64$\(digest)", .invalidSalt),
      ("pbkdf2-sha256$1000$$\(digest)", .invalidSalt),
      // Base64 that is cut short, unpadded, or of the URL-safe alphabet.
      ("pbkdf2-sha256$1000$\(salt.dropLast())$\(digest)", .invalidSalt),
      ("pbkdf2-sha256$1000$\(salt.dropLast(2))$\(digest)", .invalidSalt),
      ("pbkdf2-sha256$1000$-_-_$\(digest)", .invalidSalt),
      ("pbkdf2-sha256$1000$\(salt)$\(salt)", .invalidHash),
      ("pbkdf2-sha256$1000$\(salt)$\(digest.dropLast(4))", .invalidHash),
    ]
    for (text, error) in cases {
      #expect(throws: error, "\(text)") { try PasswordHash(encoded: text) }
    }
    expectEqual(
      PasswordHashError.unknownAlgorithm("bcrypt").description,
      "the password hash uses the algorithm \"bcrypt\"; only \"pbkdf2-sha256\" is supported")
  }

  @Test func aWeakerHashNeedsRehashing() throws {
    let hash = PasswordHash.make(password: "p", iterations: Self.iterations)
    #expect(hash.needsRehash())
    #expect(!hash.needsRehash(iterations: Self.iterations))
  }
}
