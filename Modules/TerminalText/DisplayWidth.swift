// How many terminal columns text takes: 2 for East Asian wide and fullwidth characters and
// for emoji shown as pictures, 0 for combining marks, joiners and control characters, 1 for
// the rest. This follows what common terminals (xterm, VTE, tmux) do; characters whose
// width is "ambiguous" in Unicode count as 1.

extension Unicode.Scalar {
  /// The number of columns this scalar takes when drawn on its own (0, 1 or 2).
  public var displayWidth: Int {
    let v = value
    if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
    if v < 0x300 { return 1 }
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if (0x1160...0x11FF).contains(v) { return 0 }  // Hangul vowels and finals join their lead
    if properties.isEmojiPresentation { return 2 }
    return Self.wideRanges.contains { $0.contains(v) } ? 2 : 1
  }

  /// East Asian Wide and Fullwidth blocks (emoji are found through their properties).
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
    0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1B000...0x1B2FF,
    0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}

extension Character {
  /// The number of columns this grapheme takes (0, 1 or 2): the width of its first scalar,
  /// or 2 when an emoji is followed by the emoji presentation selector (U+FE0F).
  public var displayWidth: Int {
    let scalars = unicodeScalars
    guard let first = scalars.first else { return 0 }
    let width = first.displayWidth
    // Most graphemes are one scalar: no selector can follow, so skip the emoji lookup.
    guard width == 1, scalars.index(after: scalars.startIndex) != scalars.endIndex else {
      return width
    }
    if first.properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }
    return width
  }
}

extension StringProtocol {
  /// The number of columns this text takes on one line.
  public var displayWidth: Int { reduce(0) { $0 + $1.displayWidth } }

  /// This text cut to at most `width` columns, ending with "…" when something was cut.
  ///
  /// Wide graphemes are never split: the result may be one column narrower than `width`.
  public func truncated(toWidth width: Int) -> String {
    if displayWidth <= width { return String(self) }
    if width <= 0 { return "" }
    var result = ""
    var used = 0
    for character in self {
      let next = character.displayWidth
      if used + next > width - 1 { break }
      result.append(character)
      used += next
    }
    return result + "…"
  }

  /// The longest start of this text that fits in `width` columns, without an ellipsis.
  public func prefix(toWidth width: Int) -> String {
    var result = ""
    var used = 0
    for character in self {
      used += character.displayWidth
      if used > width { break }
      result.append(character)
    }
    return result
  }
}
