/// Any JSON value, kept in full: what a migration reads and rewrites.
///
/// Decoding a store's data goes straight to typed values (see ``StoreSchema``); this tree
/// is only for the rare moment a file of an older version is turned into the current one,
/// where being generic matters more than speed. Numbers keep their exact text.
public enum JSONValue: Sendable, Hashable {
  case object([Field])
  case array([JSONValue])
  case string(String)
  /// A number, as written.
  case number(String)
  case bool(Bool)
  case null

  /// One field of an object; objects keep their fields in order.
  public struct Field: Sendable, Hashable {
    /// The field's name.
    public var key: String
    /// The field's value.
    public var value: JSONValue

    /// Creates a field.
    public init(_ key: String, _ value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// Reads one value (and what it holds) from `reader`.
  public static func read(from reader: inout JSONReader) throws -> JSONValue {
    switch reader.nextKind() {
    case .object:
      var fields: [Field] = []
      try reader.object { reader, key in fields.append(Field(key, try read(from: &reader))) }
      return .object(fields)
    case .array:
      var elements: [JSONValue] = []
      try reader.array { reader in elements.append(try read(from: &reader)) }
      return .array(elements)
    case .string: return .string(try reader.string())
    case .number: return .number(try reader.numberText())
    case .bool: return .bool(try reader.bool())
    case .null:
      guard reader.null() else { throw reader.failure("expected a value") }
      return .null
    case nil: throw reader.failure("expected a value")
    }
  }

  /// Appends the value's JSON text.
  public func write(to writer: inout JSONWriter) {
    switch self {
    case .object(let fields):
      writer.raw("{")
      for (index, field) in fields.enumerated() {
        if index > 0 { writer.raw(", ") }
        writer.key(field.key)
        field.value.write(to: &writer)
      }
      writer.raw("}")
    case .array(let elements):
      writer.raw("[")
      for (index, element) in elements.enumerated() {
        if index > 0 { writer.raw(", ") }
        element.write(to: &writer)
      }
      writer.raw("]")
    case .string(let text): writer.string(text)
    case .number(let text): writer.raw(bytes: text.utf8)
    case .bool(let value): writer.bool(value)
    case .null: writer.raw("null")
    }
  }

  /// The value of the field named `key` of an object; `nil` for a missing field or another
  /// kind of value. Setting `nil` removes the field; setting a new key appends it.
  public subscript(key: String) -> JSONValue? {
    get {
      guard case .object(let fields) = self else { return nil }
      return fields.first { $0.key == key }?.value
    }
    set {
      guard case .object(var fields) = self else { return }
      if let index = fields.firstIndex(where: { $0.key == key }) {
        if let newValue { fields[index].value = newValue } else { fields.remove(at: index) }
      } else if let newValue {
        fields.append(Field(key, newValue))
      }
      self = .object(fields)
    }
  }
}
