/// Base64 (RFC 4648): the standard alphabet with padding, and the URL-safe alphabet without
/// it. Decoding is strict: any character outside the alphabet, a wrong length or stray bits
/// in the last character fail.
public enum Base64 {
  /// The alphabet and whether the text is padded with `=`.
  public enum Variant: Sendable {
    /// `A–Z a–z 0–9 + /`, padded to a multiple of 4 characters.
    case standard
    /// `A–Z a–z 0–9 - _`, unpadded: safe in URLs, file names and HTTP headers.
    case urlSafe

    fileprivate var alphabet: [UInt8] {
      let common = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
      switch self {
      case .standard: return common + Array("+/".utf8)
      case .urlSafe: return common + Array("-_".utf8)
      }
    }
    fileprivate var padded: Bool { self == .standard }
  }

  /// The text of `bytes`.
  public static func encode(_ bytes: [UInt8], _ variant: Variant = .standard) -> String {
    let alphabet = variant.alphabet
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let remaining = bytes.count - index
      let b0 = UInt32(bytes[index])
      let b1 = remaining > 1 ? UInt32(bytes[index + 1]) : 0
      let b2 = remaining > 2 ? UInt32(bytes[index + 2]) : 0
      let group = b0 << 16 | b1 << 8 | b2
      output.append(alphabet[Int(group >> 18 & 63)])
      output.append(alphabet[Int(group >> 12 & 63)])
      if remaining > 1 {
        output.append(alphabet[Int(group >> 6 & 63)])
      } else if variant.padded {
        output.append(UInt8(ascii: "="))
      }
      if remaining > 2 {
        output.append(alphabet[Int(group & 63)])
      } else if variant.padded {
        output.append(UInt8(ascii: "="))
      }
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The bytes `text` encodes, or `nil` when it is not valid text of `variant`.
  public static func decode(_ text: String, _ variant: Variant = .standard) -> [UInt8]? {
    var characters = Array(text.utf8)
    if variant.padded {
      guard characters.count % 4 == 0 else { return nil }
      var padding = 0
      while padding < 2, characters.last == UInt8(ascii: "=") {
        characters.removeLast()
        padding += 1
      }
    }
    guard characters.count % 4 != 1 else { return nil }
    var values = [UInt8](repeating: 0xFF, count: 256)
    for (value, character) in variant.alphabet.enumerated() {
      values[Int(character)] = UInt8(value)
    }
    var output: [UInt8] = []
    output.reserveCapacity(characters.count * 3 / 4)
    var group: UInt32 = 0
    var bits = 0
    for character in characters {
      let value = values[Int(character)]
      guard value != 0xFF else { return nil }
      group = group << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: group >> UInt32(bits)))
        group &= (1 << UInt32(bits)) - 1
      }
    }
    // The bits left over must be zero, or two texts would decode to the same bytes.
    guard group == 0 else { return nil }
    return output
  }
}
