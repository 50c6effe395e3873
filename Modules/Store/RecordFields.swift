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
///
/// A field's name is matched where `init(fields:)` is compiled, with the name's bytes known
/// there: a few comparisons of whole words, no call.
public struct RecordFields {
  /// The decoder's state (a ``RecordDecoder/State``), whose reader reads the values.
  @usableFromInline let state: UnsafeMutableRawPointer
  /// The bytes of the text, which the state's reader holds while the fields are read.
  @usableFromInline let base: UnsafePointer<UInt8>
  /// The offset of the end of the text.
  @usableFromInline let limit: Int
  /// The offset of the next byte to read: after the last field read (or the object's opening
  /// brace).
  @usableFromInline var position: Int
  /// How many fields were read.
  @usableFromInline var count = 0

  /// Thrown when the text is not exactly as written: the value is read again through
  /// `Decodable`.
  @usableFromInline
  struct NotAsWritten: Error {
    @usableFromInline init() {}
  }

  init(state: UnsafeMutablePointer<RecordDecoder.State>, base: UnsafePointer<UInt8>, limit: Int) {
    self.state = UnsafeMutableRawPointer(state)
    self.base = base
    self.limit = limit
    position = state.pointee.reader.position
  }

  /// The decoder's state, its reader at ``position``.
  private var reader: UnsafeMutablePointer<RecordDecoder.State> {
    let state = state.assumingMemoryBound(to: RecordDecoder.State.self)
    state.pointee.reader.position = position
    return state
  }

  /// Moves past `"name": ` (after `, ` unless it is the first field).
  @inlinable @inline(__always)
  mutating func field(_ name: StaticString) throws {
    // Thrown from a function of its own, so that the code of each field stays short.
    guard matches(name) else { throw Self.notAsWritten() }
  }

  @usableFromInline
  static func notAsWritten() -> NotAsWritten { NotAsWritten() }

  /// Whether `"name": ` (after `, ` unless it is the first field) is next; consumed if so.
  @inlinable @inline(__always)
  mutating func matches(_ name: StaticString) -> Bool {
    name.withUTF8Buffer { name -> Bool in
      let length = name.count
      let separator = count == 0 ? 0 : 2
      let needed = separator &+ length &+ 4
      guard limit &- position >= needed else { return false }
      let here = base + position
      if separator != 0, here[0] != UInt8(ascii: ",") || here[1] != UInt8(ascii: " ") {
        return false
      }
      let quote = here + separator
      guard quote[0] == UInt8(ascii: "\""), quote[length &+ 1] == UInt8(ascii: "\""),
        quote[length &+ 2] == UInt8(ascii: ":"), quote[length &+ 3] == UInt8(ascii: " "),
        Self.same(UnsafeRawPointer(quote + 1), UnsafeRawPointer(name.baseAddress!), length)
      else { return false }
      position &+= needed
      count &+= 1
      return true
    }
  }

  /// Whether the `count` bytes at `text` are those at `expected`: whole words, the last one
  /// overlapping the one before it when `count` is not a multiple of their size (field names
  /// are short, and known where this is compiled).
  @inlinable @inline(__always)
  static func same(_ text: UnsafeRawPointer, _ expected: UnsafeRawPointer, _ count: Int) -> Bool {
    if count >= 8 {
      var offset = 0
      while offset &+ 8 < count {
        if text.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          != expected.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        {
          return false
        }
        offset &+= 8
      }
      return text.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        == expected.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    }
    if count >= 4 {
      return text.loadUnaligned(as: UInt32.self) == expected.loadUnaligned(as: UInt32.self)
        && text.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
          == expected.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
    }
    for index in 0..<count
    where text.load(fromByteOffset: index, as: UInt8.self)
      != expected.load(fromByteOffset: index, as: UInt8.self)
    {
      return false
    }
    return true
  }

  /// Whether the object ends after the fields read: its closing brace, consumed.
  mutating func end() -> Bool {
    reader.pointee.reader.closeObjectAsWritten()
  }

  /// The whole number in field `name`.
  @inlinable @inline(__always)
  public mutating func int(_ name: StaticString) throws -> Int {
    try field(name)
    return try intValue()
  }

  /// The string in field `name`.
  @inlinable @inline(__always)
  public mutating func string(_ name: StaticString) throws -> String {
    try field(name)
    return try stringValue()
  }

  /// The number in field `name`.
  @inlinable @inline(__always)
  public mutating func double(_ name: StaticString) throws -> Double {
    try field(name)
    return try doubleValue()
  }

  /// The boolean in field `name`.
  @inlinable @inline(__always)
  public mutating func bool(_ name: StaticString) throws -> Bool {
    try field(name)
    return try boolValue()
  }

  /// The date in field `name`, in the reader's ``StoreDateFormat``.
  @inlinable @inline(__always)
  public mutating func date(_ name: StaticString) throws -> Date {
    try field(name)
    return try dateValue()
  }

  // The values, read by the state's reader from ``position``.

  @usableFromInline
  mutating func intValue() throws -> Int {
    let state = reader
    defer { position = state.pointee.reader.position }
    return try state.pointee.reader.int()
  }

  @usableFromInline
  mutating func stringValue() throws -> String {
    let state = reader
    defer { position = state.pointee.reader.position }
    return try state.pointee.reader.string()
  }

  @usableFromInline
  mutating func doubleValue() throws -> Double {
    let state = reader
    defer { position = state.pointee.reader.position }
    return try state.pointee.reader.double()
  }

  @usableFromInline
  mutating func boolValue() throws -> Bool {
    let state = reader
    defer { position = state.pointee.reader.position }
    return try state.pointee.reader.bool()
  }

  @usableFromInline
  mutating func dateValue() throws -> Date {
    let state = reader
    defer { position = state.pointee.reader.position }
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
    // The reader's bytes, held by the reader (and by this copy) while the fields are read.
    let text = state.pointee.reader.text
    return try text.withUnsafeBufferPointer { all in
      var fields = RecordFields(
        state: state, base: all.baseAddress!, limit: state.pointee.reader.textLimit)
      let value = try Value(fields: &fields)
      guard fields.end() else { throw RecordFields.NotAsWritten() }
      return value
    }
  }
}
