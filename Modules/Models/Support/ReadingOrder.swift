import Foundation

/// The order in which a list of names reads naturally: numbers by their value ("PA1, PA2,
/// PA10"), letters without regard to case, accents or width, and other letters where the
/// language of ``locale`` puts them ("Émile" beside "Eve", "Øystein" after "Oscar").
///
/// It is the one rule for every list of names, whatever the front, the backend or the
/// process's own language: the embedded store and the server keep their records in this
/// order, so every client shows them the same way. Lists that are not of names keep an order
/// of their own (entries in the order they were added, a feed newest first).
public enum ReadingOrder {
  /// The language whose alphabet orders the letters beyond A to Z: English (Unicode's default
  /// order). An app for one language sets its own here, in this one place.
  public static let locale = Locale(identifier: "en")

  /// Whether `a` comes before `b`: ``compare(_:_:)``, then the exact text, so that names
  /// that read the same ("zoe", "Zoë") still have one order.
  @Sendable public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
    switch compare(a, b) {
    case .orderedAscending: true
    case .orderedDescending: false
    case .orderedSame: a < b
    }
  }

  /// How `a` and `b` compare as they read: numbers by value, case, accents and width
  /// ignored, the letters of other alphabets in the order of ``locale``. Names of ASCII
  /// letters, digits and spaces (most of them) are compared without Foundation, in the same
  /// order and many times faster.
  public static func compare(_ a: String, _ b: String) -> ComparisonResult {
    if let fast = plainCompare(a, b) { return fast }
    return a.compare(
      b, options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive, .numeric],
      range: nil, locale: locale)
  }

  /// The order of two names made of ASCII letters, digits and spaces only, or `nil` for any
  /// other text: letters folded to lower case, a run of digits by its value (leading zeros
  /// aside), and space before digits before letters, as Unicode's order has them.
  static func plainCompare(_ a: String, _ b: String) -> ComparisonResult? {
    var a = a
    var b = b
    return a.withUTF8 { left in
      b.withUTF8 { right in
        guard isPlain(left), isPlain(right) else { return nil }
        return plainCompare(left, right)
      }
    }
  }

  private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.allSatisfy { isDigit($0) || isLetter($0) || $0 == UInt8(ascii: " ") }
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }

  private static func lower(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
  }

  private static func plainCompare(
    _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>
  ) -> ComparisonResult {
    var i = 0
    var j = 0
    while i < left.count, j < right.count {
      let x = left[i]
      let y = right[j]
      if isDigit(x), isDigit(y) {
        // Two numbers: by value, that is by their digits without leading zeros, the
        // longer the larger.
        let numberX = digitRun(left, from: i)
        let numberY = digitRun(right, from: j)
        let digitsX = numberX.end - numberX.significant
        let digitsY = numberY.end - numberY.significant
        if digitsX != digitsY { return digitsX < digitsY ? .orderedAscending : .orderedDescending }
        var k = 0
        while k < digitsX {
          let dx = left[numberX.significant + k]
          let dy = right[numberY.significant + k]
          if dx != dy { return dx < dy ? .orderedAscending : .orderedDescending }
          k += 1
        }
        i = numberX.end
        j = numberY.end
        continue
      }
      // Space, then digits, then letters: the order of their bytes once folded.
      let foldedX = lower(x)
      let foldedY = lower(y)
      if foldedX != foldedY { return foldedX < foldedY ? .orderedAscending : .orderedDescending }
      i += 1
      j += 1
    }
    let leftDone = i == left.count
    let rightDone = j == right.count
    if leftDone, rightDone { return .orderedSame }
    return leftDone ? .orderedAscending : .orderedDescending
  }

  /// The run of digits that starts at `start`: where its first digit other than a leading
  /// zero is (or its end, for zeros only), and where it ends.
  private static func digitRun(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> (significant: Int, end: Int) {
    var end = start
    while end < bytes.count, isDigit(bytes[end]) { end += 1 }
    var significant = start
    while significant < end, bytes[significant] == UInt8(ascii: "0") { significant += 1 }
    return (significant, end)
  }
}
