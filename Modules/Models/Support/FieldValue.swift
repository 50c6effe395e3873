import Foundation

/// A type a declared field can have (see ``Field``): `String`, `Int`, `Double`, `Bool`, `Date`,
/// and any of them optional. It says how a person types it, how it is printed and how it is
/// stored.
public protocol FieldValue: Codable, Hashable, Sendable {
  /// The Swift type's name, such as `Int` or `Int?`.
  static var typeName: String { get }
  /// What a person must type, for messages: "an integer", "a number", "true or false".
  static var expected: String { get }
  /// A text a person could type, for help and tests: "text", "2", "2.5", "true",
  /// "2026-03-01".
  static var example: String { get }
  /// The value a draft starts with: "", 0, false, the start of 1970, `nil`.
  static var initial: Self { get }
  /// Reads the value from what a person typed, without the white space around it; `nil`
  /// when the text is not one.
  init?(fieldText: String)
  /// The value as it is printed and shown in a form; "" for no value.
  var fieldText: String { get }
  /// Whether the value counts as not given: an empty text or `nil`.
  var isBlank: Bool { get }
  /// The value as it is stored: a text without white space at either end (an optional one
  /// that is empty then becomes `nil`).
  var tidied: Self { get }
  /// Reads the value of `key` from a record's container; a missing optional value is `nil`.
  static func decodeField<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, key: Key
  ) throws -> Self
  /// Writes the value under `key`; an optional value that is `nil` is left out.
  func encodeField<Key: CodingKey>(to container: inout KeyedEncodingContainer<Key>, key: Key)
    throws
}

extension FieldValue {
  /// `false`: a value of this type is always given.
  public var isBlank: Bool { false }
  /// The value itself.
  public var tidied: Self { self }

  /// The value of `key`, which must be there.
  public static func decodeField<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, key: Key
  ) throws -> Self {
    try container.decode(Self.self, forKey: key)
  }

  /// Writes the value under `key`.
  public func encodeField<Key: CodingKey>(
    to container: inout KeyedEncodingContainer<Key>, key: Key
  ) throws {
    try container.encode(self, forKey: key)
  }
}

extension String: FieldValue {
  /// "text".
  public static var example: String { "text" }
  /// `String`.
  public static var typeName: String { "String" }
  /// "a text".
  public static var expected: String { "a text" }
  /// "".
  public static var initial: String { "" }
  /// The text itself.
  public init?(fieldText: String) { self = fieldText }
  /// The text itself.
  public var fieldText: String { self }
  /// Whether the text is empty.
  public var isBlank: Bool { isEmpty }
  /// The text without white space at either end.
  public var tidied: String { trimmingWhitespace() }
}

extension Int: FieldValue {
  /// "2".
  public static var example: String { "2" }
  /// `Int`.
  public static var typeName: String { "Int" }
  /// "an integer".
  public static var expected: String { "an integer" }
  /// 0.
  public static var initial: Int { 0 }
  /// Reads digits with an optional sign, such as `-12`.
  public init?(fieldText: String) { self.init(fieldText) }
  /// The digits.
  public var fieldText: String { String(self) }
}

extension Double: FieldValue {
  /// "2.5".
  public static var example: String { "2.5" }
  /// `Double`.
  public static var typeName: String { "Double" }
  /// "a number".
  public static var expected: String { "a number" }
  /// 0.
  public static var initial: Double { 0 }
  /// Reads a finite number such as `2.5` or `-3`.
  public init?(fieldText: String) {
    guard let value = Double(fieldText), value.isFinite else { return nil }
    self = value
  }
  /// The number, without a fraction when it is whole: `2`, `2.5`.
  public var fieldText: String {
    if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
    return String(self)
  }
}

extension Bool: FieldValue {
  /// "true".
  public static var example: String { "true" }
  /// `Bool`.
  public static var typeName: String { "Bool" }
  /// "true or false (yes or no)".
  public static var expected: String { "true or false (yes or no)" }
  /// `false`.
  public static var initial: Bool { false }
  /// Reads `true`, `yes`, `1`, `false`, `no` or `0`, in any case.
  public init?(fieldText: String) {
    switch fieldText.lowercased() {
    case "true", "yes", "1": self = true
    case "false", "no", "0": self = false
    default: return nil
    }
  }
  /// `true` or `false`.
  public var fieldText: String { self ? "true" : "false" }
}

extension Date: FieldValue {
  /// "2026-03-01".
  public static var example: String { "2026-03-01" }
  /// `Date`.
  public static var typeName: String { "Date" }
  /// "a date (YYYY-MM-DD, or a time such as 2026-03-01T09:30:00Z)".
  public static var expected: String {
    "a date (YYYY-MM-DD, or a time such as 2026-03-01T09:30:00Z)"
  }
  /// The start of 1970, UTC.
  public static var initial: Date { Date(timeIntervalSince1970: 0) }
  /// Reads a day, `2026-03-01` (its start, UTC), or a time as ``Timestamp/parse(_:)`` does.
  public init?(fieldText: String) {
    let isDay = fieldText.utf8.count == 10 && !fieldText.contains("T")
    guard let date = Timestamp.parse(isDay ? fieldText + "T00:00:00Z" : fieldText) else {
      return nil
    }
    self = date
  }
  /// The day, `2026-03-01`, for the start of a day (UTC); else the time, as
  /// ``Timestamp/text(_:)`` writes it.
  public var fieldText: String {
    let text = Timestamp.text(self)
    return text.hasSuffix("T00:00:00Z") ? String(text.prefix(10)) : text
  }
}

extension Optional: FieldValue where Wrapped: FieldValue {
  /// The wrapped type's name with `?`, such as `Int?`.
  public static var typeName: String { Wrapped.typeName + "?" }
  /// What the wrapped type expects, or nothing.
  public static var expected: String { Wrapped.expected + ", or nothing" }
  /// The wrapped type's example.
  public static var example: String { Wrapped.example }
  /// `nil`.
  public static var initial: Wrapped? { nil }
  /// `nil` for an empty text, else the wrapped value the text is; fails when it is none.
  public init?(fieldText: String) {
    if fieldText.isEmpty {
      self = .none
      return
    }
    guard let value = Wrapped(fieldText: fieldText) else { return nil }
    self = .some(value)
  }
  /// The wrapped value's text, or "".
  public var fieldText: String { map(\.fieldText) ?? "" }
  /// Whether there is no value, or one that is blank.
  public var isBlank: Bool { map(\.isBlank) ?? true }
  /// The wrapped value tidied; `nil` when that is blank.
  public var tidied: Wrapped? {
    guard let value = self?.tidied, !value.isBlank else { return nil }
    return value
  }

  /// The value of `key`, or `nil` when the record has none (written before the field
  /// existed) or has `null`.
  public static func decodeField<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, key: Key
  ) throws -> Wrapped? {
    try container.decodeIfPresent(Wrapped.self, forKey: key)
  }

  /// Writes the value under `key`, or nothing for `nil`.
  public func encodeField<Key: CodingKey>(
    to container: inout KeyedEncodingContainer<Key>, key: Key
  ) throws {
    try container.encodeIfPresent(self, forKey: key)
  }
}
