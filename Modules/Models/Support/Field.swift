import Foundation

/// One field of a draft, declared once (see ``DeclaredDraft/fields``): its Swift name, its
/// label, its type and its rules, with typed access to the draft's property. Validation,
/// reading a value from text, printing, the stored form, the form view model, the command
/// line's options and the terminal UI's form all follow from it.
///
/// ```swift
/// Field(\.quantity, "quantity", rules: [.range(0...1000)])
/// ```
public struct Field<Draft>: Identifiable, @unchecked Sendable {
  // Only immutable values and key paths (immutable objects) are captured by the closures:
  // hence `@unchecked Sendable`.

  /// The Swift name of the draft's property, such as `quantity`; the key of its stored form.
  public let name: String
  /// What a person reads, such as "Quantity" or "Best before".
  public let label: String
  /// The Swift type, such as `Int?`.
  public let typeName: String
  /// What a person must type, such as "an integer".
  public let expected: String
  /// A text a person could type, such as "2".
  public let example: String
  /// Whether the value may be left out (`nil`).
  public let isOptional: Bool
  /// The command line's option: `--` and the name in kebab case, such as `--best-before`.
  public let option: String
  private let read: (Draft) -> String
  private let assign: (inout Draft, String) -> Bool
  private let check: (Draft, String) -> String?
  private let tidy: (inout Draft) -> Void
  private let encode: (Draft, inout KeyedEncodingContainer<FieldKey>) throws -> Void
  private let decode: (KeyedDecodingContainer<FieldKey>, inout Draft) throws -> Void

  /// The name: each field's is different.
  public var id: String { name }

  /// Declares the field of `keyPath`, named `name` (the property's Swift name), shown as
  /// `label` (by default the name in words: `bestBefore` is "Best before"), following
  /// `rules` in order.
  public init<Value: FieldValue>(
    _ keyPath: WritableKeyPath<Draft, Value>, _ name: String, label: String? = nil,
    rules: [FieldRule<Value>] = []
  ) {
    self.name = name
    self.label = label ?? Self.words(name)
    typeName = Value.typeName
    expected = Value.expected
    example = Value.example
    isOptional = Value.typeName.hasSuffix("?")
    option = "--" + Self.words(name).lowercased().replacingOccurrences(of: " ", with: "-")
    let key = FieldKey(name)
    read = { $0[keyPath: keyPath].fieldText }
    assign = { draft, text in
      guard let value = Value(fieldText: text.trimmingWhitespace()) else { return false }
      draft[keyPath: keyPath] = value
      return true
    }
    check = { draft, label in
      let value = draft[keyPath: keyPath]
      for rule in rules {
        if let message = rule.check(value, label) { return message }
      }
      return nil
    }
    tidy = { $0[keyPath: keyPath] = $0[keyPath: keyPath].tidied }
    encode = { draft, container in
      try draft[keyPath: keyPath].encodeField(to: &container, key: key)
    }
    decode = { container, draft in
      draft[keyPath: keyPath] = try Value.decodeField(from: container, key: key)
    }
  }

  /// The field's value in `draft`, as it is printed and shown in a form ("" for none).
  public func text(of draft: Draft) -> String { read(draft) }

  /// Sets the field in `draft` to the value `text` is (without the white space around it),
  /// or throws a ``FieldError`` naming the field and the type expected.
  public func set(_ text: String, in draft: inout Draft) throws(FieldError) {
    guard assign(&draft, text) else {
      throw FieldError(field: name, label: label, expected: expected, text: text)
    }
  }

  /// The message of the first rule the field breaks in `draft` (already tidied), or `nil`.
  public func problem(in draft: Draft) -> String? { check(draft, label) }

  /// `draft` with this field's value tidied (a text trimmed).
  public func tidied(_ draft: Draft) -> Draft {
    var draft = draft
    tidy(&draft)
    return draft
  }

  /// Writes the field's value of `draft` into a record's container.
  public func encode(_ draft: Draft, to container: inout KeyedEncodingContainer<FieldKey>)
    throws
  {
    try encode(draft, &container)
  }

  /// Reads the field's value from a record's container into `draft`.
  public func decode(from container: KeyedDecodingContainer<FieldKey>, into draft: inout Draft)
    throws
  {
    try decode(container, &draft)
  }

  /// A Swift name in words, the first capitalised: `bestBefore` is "Best before".
  static func words(_ name: String) -> String {
    var words = ""
    for character in name {
      if character.isUppercase, !words.isEmpty {
        words += " " + character.lowercased()
      } else {
        words.append(words.isEmpty ? Character(character.uppercased()) : character)
      }
    }
    return words
  }
}

/// A rule a field's value follows, with the message when it does not: ``required``,
/// `maximumLength(_:)`, `range(_:)`, or one of the feature's own.
public struct FieldRule<Value: FieldValue>: Sendable {
  let check: @Sendable (Value, String) -> String?

  /// A rule of the feature's own: `check` is given the value and the field's label and
  /// returns the message when the value breaks the rule, else `nil`.
  public init(_ check: @escaping @Sendable (_ value: Value, _ label: String) -> String?) {
    self.check = check
  }

  /// The value is given: a text is not empty, an optional is not `nil`. "Name cannot be
  /// empty."
  public static var required: Self {
    Self { value, label in value.isBlank ? "\(label) cannot be empty." : nil }
  }
}

extension FieldRule where Value == String {
  /// The text has at most `count` characters. "Name can have at most 40 characters."
  public static func maximumLength(_ count: Int) -> Self {
    Self { value, label in
      value.count > count ? "\(label) can have at most \(count) characters." : nil
    }
  }
}

extension FieldRule {
  /// The text, when there is one, has at most `count` characters.
  public static func maximumLength(_ count: Int) -> Self where Value == String? {
    Self { value, label in
      (value?.count ?? 0) > count ? "\(label) can have at most \(count) characters." : nil
    }
  }

  /// The value, when there is one, is within `range`. "Quantity must be from 0 to 1000."
  public static func range<Wrapped: Comparable & FieldValue>(_ range: ClosedRange<Wrapped>) -> Self
  where Value == Wrapped? {
    Self { value, label in
      guard let value, !range.contains(value) else { return nil }
      return FieldRule<Wrapped>.rangeMessage(label, range)
    }
  }
}

extension FieldRule where Value: Comparable {
  /// The value is within `range`. "Quantity must be from 0 to 1000."
  public static func range(_ range: ClosedRange<Value>) -> Self {
    Self { value, label in range.contains(value) ? nil : rangeMessage(label, range) }
  }

  static func rangeMessage(_ label: String, _ range: ClosedRange<Value>) -> String {
    "\(label) must be from \(range.lowerBound.fieldText) to \(range.upperBound.fieldText)."
  }
}

/// A text that is not a value of its field's type.
public struct FieldError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The field's Swift name, such as `quantity`.
  public var field: String
  /// The field's label, such as "Quantity".
  public var label: String
  /// What the field expects, such as "an integer".
  public var expected: String
  /// What was given.
  public var text: String

  /// Creates the error.
  public init(field: String, label: String, expected: String, text: String) {
    self.field = field
    self.label = label
    self.expected = expected
    self.text = text
  }

  /// "Quantity must be an integer, got 'abc'."
  public var description: String { "\(label) must be \(expected), got '\(text)'." }
}

/// The key of a declared field in a record's stored form: the field's Swift name.
public struct FieldKey: CodingKey, Hashable, Sendable {
  /// The name.
  public var stringValue: String
  /// `nil`: fields are named.
  public var intValue: Int? { nil }

  /// The key `name`.
  public init(_ name: String) { stringValue = name }
  /// The key `stringValue`.
  public init?(stringValue: String) { self.stringValue = stringValue }
  /// `nil`: fields are named.
  public init?(intValue: Int) { nil }
}
