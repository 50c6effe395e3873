/// One header field: a name and its value.
public struct HTTPHeader: Hashable, Sendable {
  /// The field name as it was written, for example `Content-Type`.
  public var name: String
  /// The field value, without surrounding white space.
  public var value: String

  /// Creates a header field.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// The header fields of a request or a response, in order, looked up without regard to
/// the case of their names.
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
  /// The fields in the order they were written or added.
  public private(set) var fields: [HTTPHeader]

  /// Creates headers from fields, kept in this order.
  public init(_ fields: [HTTPHeader] = []) {
    self.fields = fields
  }

  /// Creates headers from a literal such as `["Content-Type": "application/json"]`.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(elements.map { HTTPHeader(name: $0.0, value: $0.1) })
  }

  /// The value of the first field named `name` (ignoring case), or `nil`.
  public subscript(name: String) -> String? {
    fields.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// Every value of the fields named `name` (ignoring case), in order.
  public func values(for name: String) -> [String] {
    fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
  }

  /// Appends a field, keeping any others with the same name.
  public mutating func add(_ name: String, _ value: String) {
    fields.append(HTTPHeader(name: name, value: value))
  }

  /// Replaces every field named `name` (ignoring case) with one field holding `value`.
  public mutating func set(_ name: String, _ value: String) {
    remove(name)
    add(name, value)
  }

  /// Removes every field named `name` (ignoring case).
  public mutating func remove(_ name: String) {
    fields.removeAll { $0.name.lowercased() == name.lowercased() }
  }

  /// Iterates over the fields in order.
  public func makeIterator() -> IndexingIterator<[HTTPHeader]> {
    fields.makeIterator()
  }
}
