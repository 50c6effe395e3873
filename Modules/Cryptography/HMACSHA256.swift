/// HMAC-SHA256 (RFC 2104): a 32-byte code that proves who knows the key made a message.
///
/// ```swift
/// let code = HMACSHA256.authenticationCode(for: Array("message".utf8), key: key)
/// ```
public struct HMACSHA256: Sendable {
  /// The size of a code, in bytes.
  public static let codeByteCount = SHA256.digestByteCount

  /// The hash state after the key XOR the inner pad, one block.
  let innerState: SHA256State
  /// The hash state after the key XOR the outer pad, one block.
  let outerState: SHA256State
  /// The code that compresses the hashes' blocks.
  let engine: SHA256Engine

  /// Prepares a key, so that many messages can be authenticated with it at the cost of
  /// their own bytes only. A key longer than 64 bytes is hashed first, as RFC 2104 says.
  public init(key: some Sequence<UInt8>) {
    self.init(key: key, engine: .best)
  }

  /// Prepares a key, the hashes' blocks compressed by `engine`.
  init(key: some Sequence<UInt8>, engine: SHA256Engine) {
    self.engine = engine
    var block = Array(key)
    if block.count > SHA256.blockByteCount {
      block = SHA256.hash(block, engine: engine)
    }
    block.append(contentsOf: repeatElement(0, count: SHA256.blockByteCount - block.count))
    var inner = SHA256(engine: engine)
    inner.update(block.map { $0 ^ 0x36 })
    var outer = SHA256(engine: engine)
    outer.update(block.map { $0 ^ 0x5c })
    innerState = inner.compressedState
    outerState = outer.compressedState
  }

  /// The code of `message` under this key.
  public func authenticationCode(for message: some Sequence<UInt8>) -> [UInt8] {
    var inner = SHA256(
      state: innerState, length: UInt64(SHA256.blockByteCount), engine: engine)
    inner.update(message)
    var outer = SHA256(
      state: outerState, length: UInt64(SHA256.blockByteCount), engine: engine)
    outer.update(inner.finalize())
    return outer.finalize()
  }

  /// The code of `message` under `key`.
  public static func authenticationCode(
    for message: some Sequence<UInt8>, key: some Sequence<UInt8>
  ) -> [UInt8] {
    HMACSHA256(key: key).authenticationCode(for: message)
  }
}
