#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A password stored as PBKDF2-HMAC-SHA256 with a random salt, in a self-describing text:
///
/// ```text
/// pbkdf2-sha256$600000$<salt, base64>$<hash, base64>
/// ```
///
/// The text says how it was made, so a stored hash made with an older iteration count keeps
/// verifying after the default rises (and ``needsRehash(iterations:)`` says when to replace
/// it at the next successful login).
///
/// ```swift
/// let stored = PasswordHash.make(password: "correct horse").encoded
/// let hash = try PasswordHash(encoded: stored)
/// hash.verify("correct horse")  // true
/// ```
public struct PasswordHash: Hashable, Sendable, CustomStringConvertible {
  /// The algorithm's name in the encoded text.
  public static let algorithm = "pbkdf2-sha256"
  /// The iteration count OWASP's password storage guidance gives for PBKDF2-HMAC-SHA256.
  public static let defaultIterations = 600_000
  /// The size of a new salt, in bytes.
  public static let saltByteCount = 16
  /// The size of the derived hash, in bytes.
  public static let hashByteCount = 32
  /// The most iterations an encoded hash may ask for: a damaged or hostile value cannot make
  /// a verification run for minutes.
  public static let maximumIterations = 100_000_000

  /// How many times HMAC is applied per 32 bytes.
  public let iterations: Int
  /// The salt, unique per password.
  public let salt: [UInt8]
  /// The derived bytes.
  public let hash: [UInt8]

  /// Hashes `password` with a new random salt, from the system's secure generator
  /// (`SystemRandomNumberGenerator`: `getrandom` on Linux, `arc4random` on Apple platforms).
  ///
  /// - Parameters:
  ///   - password: The password, hashed as its UTF-8 bytes.
  ///   - iterations: ``defaultIterations`` unless a test needs a cheaper hash.
  public static func make(password: String, iterations: Int = defaultIterations) -> PasswordHash {
    var generator = SystemRandomNumberGenerator()
    let salt = (0..<saltByteCount).map { _ in generator.next() as UInt8 }
    return make(password: password, salt: salt, iterations: iterations)
  }

  /// Hashes `password` with the given salt; for precomputed values and tests.
  ///
  /// - Precondition: `iterations` is in `1...maximumIterations` and `salt` is not empty.
  public static func make(password: String, salt: [UInt8], iterations: Int) -> PasswordHash {
    precondition((1...maximumIterations).contains(iterations), "iterations out of range")
    precondition(!salt.isEmpty, "a password hash needs a salt")
    let hash = PBKDF2.sha256(
      password: Array(password.utf8), salt: salt, iterations: iterations,
      byteCount: hashByteCount)
    return PasswordHash(iterations: iterations, salt: salt, hash: hash)
  }

  private init(iterations: Int, salt: [UInt8], hash: [UInt8]) {
    self.iterations = iterations
    self.salt = salt
    self.hash = hash
  }

  /// Reads an encoded hash back.
  ///
  /// - Throws: ``PasswordHashError`` saying which part of `encoded` is wrong.
  public init(encoded: String) throws(PasswordHashError) {
    let fields = encoded.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
    guard fields.count == 4 else { throw .wrongFieldCount(fields.count) }
    guard fields[0] == Self.algorithm else { throw .unknownAlgorithm(fields[0]) }
    guard let iterations = Int(fields[1]), fields[1].first != "+",
      (1...Self.maximumIterations).contains(iterations)
    else { throw .invalidIterations(fields[1]) }
    guard let salt = Data(base64Encoded: fields[2]), !salt.isEmpty else {
      throw .invalidSalt
    }
    guard let hash = Data(base64Encoded: fields[3]), hash.count == Self.hashByteCount else {
      throw .invalidHash
    }
    self.init(iterations: iterations, salt: Array(salt), hash: Array(hash))
  }

  /// The text to store: `pbkdf2-sha256$<iterations>$<salt>$<hash>`, base64 with padding.
  public var encoded: String {
    let salt = Data(salt).base64EncodedString()
    return "\(Self.algorithm)$\(iterations)$\(salt)$\(Data(hash).base64EncodedString())"
  }

  /// The encoded text.
  public var description: String { encoded }

  /// Whether `password` is the one this hash was made from; the comparison of the hashes
  /// takes the same time wherever they differ.
  public func verify(_ password: String) -> Bool {
    let candidate = PBKDF2.sha256(
      password: Array(password.utf8), salt: salt, iterations: iterations,
      byteCount: hash.count)
    return ConstantTime.equals(candidate, hash)
  }

  /// Whether this hash is weaker than a new one made with `iterations` would be, so that it
  /// should be replaced once the password is known again.
  public func needsRehash(iterations: Int = defaultIterations) -> Bool {
    self.iterations < iterations || salt.count < Self.saltByteCount
  }
}

/// What is wrong with an encoded password hash.
public enum PasswordHashError: Error, Equatable, CustomStringConvertible {
  /// The text does not have the four `$`-separated fields.
  case wrongFieldCount(Int)
  /// The first field names an algorithm other than `pbkdf2-sha256`.
  case unknownAlgorithm(String)
  /// The second field is not a whole number of iterations in the allowed range.
  case invalidIterations(String)
  /// The third field is not a non-empty base64 salt.
  case invalidSalt
  /// The fourth field is not a base64 hash of 32 bytes.
  case invalidHash

  /// What is wrong, in a sentence.
  public var description: String {
    switch self {
    case .wrongFieldCount(let count):
      "a password hash has 4 fields separated by \"$\" "
        + "(pbkdf2-sha256$iterations$salt$hash); this one has \(count)"
    case .unknownAlgorithm(let name):
      "the password hash uses the algorithm \"\(name)\"; only \"\(PasswordHash.algorithm)\" "
        + "is supported"
    case .invalidIterations(let text):
      "the password hash's iteration count \"\(text)\" is not a number from 1 to "
        + "\(PasswordHash.maximumIterations)"
    case .invalidSalt:
      "the password hash's salt is not valid base64"
    case .invalidHash:
      "the password hash's hash is not \(PasswordHash.hashByteCount) bytes of valid base64"
    }
  }
}
