/// A block of IPv4 addresses, written as one address (`192.0.2.7`) or as an address and a
/// prefix length (`10.0.0.0/8`): the proxies whose `X-Forwarded-For` a server believes
/// (see ``HTTPServerConfiguration/trustedProxies``).
public struct IPv4Block: Hashable, Sendable, CustomStringConvertible {
  /// The first address of the block, in host byte order.
  public let base: UInt32
  /// How many leading bits every address of the block shares with ``base`` (0 to 32).
  public let prefixLength: Int

  /// Reads `192.0.2.7` (a block of one address) or `192.0.2.0/24`; `nil` for anything else,
  /// a block whose address has bits past its prefix (`192.0.2.1/24`) included, so that a typo
  /// is not taken for a wider block than meant.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    guard let address = Self.address(parts[0]) else { return nil }
    var length = 32
    if parts.count == 2 {
      guard let bits = Int(parts[1]), (0...32).contains(bits), parts[1].allSatisfy(\.isASCII)
      else { return nil }
      length = bits
    }
    guard address & ~Self.mask(length) == 0 else { return nil }
    base = address
    prefixLength = length
  }

  /// Whether the address written in `text` (`192.0.2.7`) is in the block; `false` for text
  /// that is not an IPv4 address.
  public func contains(_ text: String) -> Bool {
    guard let address = Self.address(Substring(text)) else { return false }
    return contains(address)
  }

  /// Whether `address`, in host byte order, is in the block.
  func contains(_ address: UInt32) -> Bool {
    address & Self.mask(prefixLength) == base
  }

  /// The block as it is written: `192.0.2.7` for one address, `10.0.0.0/8` otherwise.
  public var description: String {
    let text = Self.text(of: base)
    return prefixLength == 32 ? text : "\(text)/\(prefixLength)"
  }

  private static func mask(_ length: Int) -> UInt32 {
    length == 0 ? 0 : UInt32.max << UInt32(32 - length)
  }

  /// An address in the usual dotted form (four numbers from 0 to 255, no leading zeros), in
  /// host byte order; `nil` for anything else.
  static func address(_ text: Substring) -> UInt32? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    var value: UInt32 = 0
    for part in parts {
      guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }),
        part == "0" || !part.hasPrefix("0"), let number = UInt32(part), number <= 255
      else { return nil }
      value = value << 8 | number
    }
    return value
  }

  /// An address in host byte order, written `192.0.2.7`.
  static func text(of address: UInt32) -> String {
    [24, 16, 8, 0].map { String(address >> UInt32($0) & 0xFF) }.joined(separator: ".")
  }
}
