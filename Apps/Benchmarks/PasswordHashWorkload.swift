import Cryptography

/// PBKDF2-600k: one password hash at `n` iterations (OWASP's 600,000 by default), the cost of
/// checking one login.
func hashOnePassword(_ n: Int) -> Pass {
  let salt: [UInt8] = Array(0..<16)
  var hash = PasswordHash.make(password: "correct horse", salt: salt, iterations: 1)
  let nanoseconds = measure {
    hash = PasswordHash.make(password: "correct horse", salt: salt, iterations: n)
  }
  return Pass(
    nanoseconds: nanoseconds, checksum: hash.hash.reduce(0) { $0 &* 31 &+ Int($1) }, steps: 1)
}
