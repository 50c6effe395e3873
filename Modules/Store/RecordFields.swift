import Foundation

/// A `Decodable` type that can also read itself straight from the text ``RecordCoding`` writes
/// of it, field by field, without `Decodable`'s keyed containers: for the records a store
/// reads by the hundred thousand, where the containers' steps cost more than the text.
///
/// `init(fields:)` asks for every field its `Codable` conformance writes, in the order it
/// writes them, and nothing else:
///
/// ```swift
/// init(fields: inout RecordFields) throws {
///   self.init(
///     id: try fields.int("id"), text: try fields.string("text"),
///     createdAt: try fields.date("createdAt"))
/// }
/// ```
///
/// That reading is only a shortcut. It takes the text exactly as the store writes it (the
/// fields in that order with the writer's spacing, none missing and none more); on anything
/// else (other spacing, fields in another order, a field more, a value of another kind,
/// damaged text) it gives up and the value is read again through `Decodable`, which reads
/// every form and names what is wrong. So a value read either way is the same, and a
/// conformance that asks for a field the text does not have, or leaves one out, costs time,
/// never a wrong value: ``RecordCoding/Reader/readsAsWritten(_:from:)`` tells a test which way
/// a value was read.
public protocol RecordFieldsDecodable: Decodable {
  /// Reads the value's fields, in the order its `encode(to:)` writes them.
  init(fields: inout RecordFields) throws
}

/// The fields of one object of a store's text, read in the order they are written (see
/// ``RecordFieldsDecodable``). Valid only inside the `init(fields:)` it is given to.
public struct RecordFields {
  /// The decoder's state, whose reader is positioned after the last field read (or the
  /// object's opening brace).
  private let state: UnsafeMutablePointer<RecordDecoder.State>
  /// How many fields were read.
  private var count = 0

  /// Thrown when the text is not exactly as written: the value is read again through
  /// `Decodable`.
  struct NotAsWritten: Error {}

  init(state: UnsafeMutablePointer<RecordDecoder.State>) {
    self.state = state
  }

  /// Moves past `"name": ` (after `, ` unless it is the first field).
  @inline(__always)
  private mutating func field(_ name: StaticString) throws {
    guard state.pointee.reader.skipFieldName(name, first: count == 0) else { throw NotAsWritten() }
    count += 1
  }

  /// Whether the object ends after the fields read: its closing brace, consumed.
  mutating func end() -> Bool {
    state.pointee.reader.closeObjectAsWritten()
  }

  /// The whole number in field `name`.
  public mutating func int(_ name: StaticString) throws -> Int {
    try field(name)
    return try state.pointee.reader.int()
  }

  /// The string in field `name`.
  public mutating func string(_ name: StaticString) throws -> String {
    try field(name)
    return try state.pointee.reader.string()
  }

  /// The number in field `name`.
  public mutating func double(_ name: StaticString) throws -> Double {
    try field(name)
    return try state.pointee.reader.double()
  }

  /// The boolean in field `name`.
  public mutating func bool(_ name: StaticString) throws -> Bool {
    try field(name)
    return try state.pointee.reader.bool()
  }

  /// The date in field `name`, in the reader's ``StoreDateFormat``.
  public mutating func date(_ name: StaticString) throws -> Date {
    try field(name)
    return try state.pointee.date()
  }
}

extension RecordCoding.Reader {
  /// Reads a value as ``read(_:from:)`` does: straight from its fields when its text is as the
  /// store writes it, through `Decodable` otherwise (see ``RecordFieldsDecodable``).
  public func read<Value: RecordFieldsDecodable>(
    _ type: Value.Type, from reader: inout JSONReader
  ) throws -> Value {
    let state = decoder.state
    swap(&state.pointee.reader, &reader)
    let start = state.pointee.reader.position
    let depth = state.pointee.reader.depth
    do {
      let value = try Self.readFields(type, state)
      swap(&state.pointee.reader, &reader)
      return value
    } catch {
      // Not as written: read again from the start. (No optional of `Value` is made: its type
      // would be looked up for each value read.)
      state.pointee.reader.move(to: start)
      state.pointee.reader.depth = depth
      swap(&state.pointee.reader, &reader)
    }
    return try readDecodable(type, from: &reader)
  }

  /// Whether `reader`'s next value reads straight from its fields, without `Decodable`; reads
  /// nothing. For tests that check that a conformance asks for the fields as they are written.
  public func readsAsWritten<Value: RecordFieldsDecodable>(
    _ type: Value.Type, from reader: JSONReader
  ) -> Bool {
    let state = decoder.state
    var probe = reader
    swap(&state.pointee.reader, &probe)
    defer { swap(&state.pointee.reader, &probe) }
    do {
      _ = try Self.readFields(type, state)
      return true
    } catch {
      return false
    }
  }

  /// The value read straight from its fields at the state's reader; throws when its text is
  /// not exactly as written.
  @inline(__always)
  private static func readFields<Value: RecordFieldsDecodable>(
    _ type: Value.Type, _ state: UnsafeMutablePointer<RecordDecoder.State>
  ) throws -> Value {
    _ = try state.pointee.reader.openObject()
    var fields = RecordFields(state: state)
    let value = try Value(fields: &fields)
    guard fields.end() else { throw RecordFields.NotAsWritten() }
    return value
  }
}
