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

  /// Prepares a key, so that many messages can be authenticated with it at the cost of
  /// their own bytes only. A key longer than 64 bytes is hashed first, as RFC 2104 says.
  public init(key: some Sequence<UInt8>) {
    var block = Array(key)
    if block.count > SHA256.blockByteCount {
      block = SHA256.hash(block)
    }
    block.append(contentsOf: repeatElement(0, count: SHA256.blockByteCount - block.count))
    var inner = SHA256()
    inner.update(block.map { $0 ^ 0x36 })
    var outer = SHA256()
    outer.update(block.map { $0 ^ 0x5c })
    innerState = inner.compressedState
    outerState = outer.compressedState
  }

  /// The code of `message` under this key.
  public func authenticationCode(for message: some Sequence<UInt8>) -> [UInt8] {
    var inner = SHA256(state: innerState, length: UInt64(SHA256.blockByteCount))
    inner.update(message)
    var outer = SHA256(state: outerState, length: UInt64(SHA256.blockByteCount))
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
