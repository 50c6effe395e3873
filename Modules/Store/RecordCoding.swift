import Foundation

/// Writes and reads `Codable` values as the JSON text of a store's files, with ``JSONWriter``
/// and ``JSONReader``: a store keeps records of any `Codable` type without a line of JSON
/// written by hand for them.
///
/// A value is written on one line, its fields in the order its `encode(to:)` gives them
/// (for synthesized conformances, the order of the stored properties) with the writer's
/// spacing: `{"id": 3, "text": "flour", "createdAt": "2024-03-01T08:00:00Z"}`. Reading takes
/// that form fastest, each field compared with the name asked for next; any other form
/// (fields in another order, other spacing, unknown or missing fields) is read too, by
/// looking the fields up by name. A field that is missing or holds the wrong kind of value
/// fails with a ``RecordCoding/Problem`` naming the field, such as `notes[3].date`.
///
/// `Date`s are written with a ``StoreDateFormat``; numbers keep every digit of an `Int` and
/// the shortest text that reads back as the same `Double`.
public enum RecordCoding {
  /// Appends the JSON text of `value`, on one line.
  ///
  /// - Throws: An `EncodingError` when `value` cannot be written as JSON (a `Double` that is
  ///   not finite).
  public static func write<Value: Encodable>(
    _ value: Value, to writer: inout JSONWriter, dates: StoreDateFormat = .secondsSince1970
  ) throws {
    let encoder = RecordEncoder(writer: writer, dates: dates)
    writer = JSONWriter(capacity: 0)
    defer { writer = encoder.writer }
    try encoder.value(value)
  }

  /// Reads a value written by ``write(_:to:dates:)`` (or any JSON form of it).
  ///
  /// - Throws: A ``Problem`` naming the field that is missing or wrong, or a
  ///   ``JSONReader/Failure`` for text that is not JSON.
  public static func read<Value: Decodable>(
    _ type: Value.Type, from reader: inout JSONReader,
    dates: StoreDateFormat = .secondsSince1970
  ) throws -> Value {
    let decoder = RecordDecoder(reader: reader, dates: dates, learns: false)
    defer { decoder.finish() }
    let value = try decoder.value(type)
    reader = decoder.state.pointee.reader
    return value
  }

  /// Reads many values one after the other, reusing its state: for the elements of a long
  /// list (see ``JSONReader/array(oneElementALine:part:)``). Use one on one thread at a time.
  public struct Reader {
    private let owner: Owner
    var decoder: RecordDecoder { owner.decoder }

    /// Holds the decoder, and lets it check that no container it made is still in use when
    /// the reader goes.
    private final class Owner {
      let decoder: RecordDecoder
      init(_ decoder: RecordDecoder) { self.decoder = decoder }
      deinit { decoder.finish() }
    }

    /// A reader of values whose dates are written in `dates`.
    public init(dates: StoreDateFormat = .secondsSince1970) {
      owner = Owner(RecordDecoder(reader: JSONReader([]), dates: dates, learns: true))
    }

    /// Reads a value as ``RecordCoding/read(_:from:dates:)`` does.
    public func read<Value: Decodable>(_ type: Value.Type, from reader: inout JSONReader) throws
      -> Value
    {
      try readDecodable(type, from: &reader)
    }

    /// ``read(_:from:)`` through `Decodable`.
    func readDecodable<Value: Decodable>(_ type: Value.Type, from reader: inout JSONReader)
      throws -> Value
    {
      let state = decoder.state
      swap(&state.pointee.reader, &reader)
      defer { swap(&state.pointee.reader, &reader) }
      state.pointee.reset()
      return try decoder.value(type)
    }
  }

  /// `value` as it reads back from its text: what another process reading the store sees
  /// (a `Date` at the precision of `dates`, say).
  public static func roundTrip<Value: Codable>(
    _ value: Value, dates: StoreDateFormat = .secondsSince1970
  ) throws -> Value {
    var writer = JSONWriter(capacity: 128)
    try write(value, to: &writer, dates: dates)
    var reader = JSONReader(writer.bytes)
    return try read(Value.self, from: &reader, dates: dates)
  }

  /// A field of a value that is missing or wrong, with its place in the document.
  public struct Problem: Error, Sendable, CustomStringConvertible {
    /// Where the field is, such as `notes[3].date`; empty for the value itself.
    public var path: String
    /// What is wrong; `nil` when the field is missing.
    public var message: String?

    /// Creates a problem.
    public init(path: String, message: String?) {
      self.path = path
      self.message = message
    }

    /// "missing field notes[3].date", or "notes[3].date: expected a string at line 4,
    /// column 9".
    public var description: String {
      guard let message else { return "missing field \(path)" }
      return path.isEmpty ? message : "\(path): \(message)"
    }

    /// The problem with `place` (a field name, or an index such as `[3]`) put in front of
    /// its path.
    public func inside(_ place: String) -> Problem {
      let joined =
        path.isEmpty ? place : path.hasPrefix("[") ? place + path : place + "." + path
      return Problem(path: joined, message: message)
    }
  }

  /// `error` as a ``Problem`` at `place` when it is about a field or a value (a failure of
  /// the JSON text itself is returned as it is).
  public static func locate(_ error: any Error, at place: String) -> any Error {
    switch error {
    case let problem as Problem: return problem.inside(place)
    case let failure as JSONReader.Failure where failure.isAboutAValue:
      return Problem(path: place, message: failure.description)
    case let error as DecodingError:
      return Problem(path: place, message: "\(error)")
    default: return error
    }
  }
}

/// How a store writes and reads `Date`s.
public struct StoreDateFormat: Sendable {
  /// Appends a date's JSON text.
  public var write: @Sendable (Date, inout JSONWriter) -> Void
  /// Reads a date's JSON text.
  public var read: @Sendable (inout JSONReader) throws -> Date {
    didSet { (text, layout) = (nil, nil) }
  }
  /// For a format of JSON strings made with ``init(text:parse:example:)``: its parser, which
  /// ``RecordCoding`` hands the bytes of each date's string in place, and what its failures
  /// say. `nil` once ``read`` is replaced.
  var text: (parse: @Sendable (UnsafeBufferPointer<UInt8>) -> Date?, failure: String)?
  /// For a format made with ``init(text:parse:example:layout:)``: the form of its text that
  /// the reader reads itself. `nil` once ``read`` is replaced.
  var layout: Layout?

  /// A form of a date's text that ``RecordCoding`` reads by itself, from fixed places in the
  /// text, without calling a format's parser: for the dates a store reads by the hundred
  /// thousand.
  public enum Layout: Sendable {
    /// ISO 8601 in UTC, whole seconds or milliseconds: `2024-03-01T08:00:00Z` or
    /// `2024-03-01T08:00:00.250Z`, a year from 0000 to 9999 of the proleptic Gregorian
    /// calendar, seconds up to 60.
    case iso8601Milliseconds
  }

  /// Creates a format from its writer and reader.
  public init(
    write: @escaping @Sendable (Date, inout JSONWriter) -> Void,
    read: @escaping @Sendable (inout JSONReader) throws -> Date
  ) {
    self.write = write
    self.read = read
  }

  /// A format that writes each date as the JSON string `text` makes of it, and reads it
  /// with `parse`, which is given the UTF-8 bytes of the string (its escapes decoded) and
  /// returns `nil` for text that is not a date. A string that is not a date fails with
  /// "expected a date such as `example`".
  ///
  /// Reading takes no `String`: most strings are parsed in place, in the text being read.
  ///
  /// With a `layout`, a string of exactly that form is read without `parse`, which is given
  /// every other string: `parse` must then return, for a string of that form, the date the
  /// layout gives it (or `nil` for the text the layout does not take, such as a 30 February).
  public init(
    text: @escaping @Sendable (Date) -> String,
    parse: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Date?,
    example: String, layout: Layout? = nil
  ) {
    let failure = "expected a date such as \(example)"
    write = { date, writer in writer.string(text(date)) }
    read = { reader in try reader.string(parsedWith: parse, orFail: failure) }
    self.text = (parse, failure)
    self.layout = layout
  }

  /// Seconds since 1970 as a number.
  public static let secondsSince1970 = StoreDateFormat(
    write: { date, writer in writer.raw(bytes: "\(date.timeIntervalSince1970)".utf8) },
    read: { reader in Date(timeIntervalSince1970: try reader.double()) })
}

// MARK: - Encoding

/// Whether `type` is `other`. (Compared by identifier: comparing the metatypes themselves
/// makes optionals of them, whose type is looked up at each comparison.)
@inline(__always)
func isType(_ type: Any.Type, _ other: Any.Type) -> Bool {
  ObjectIdentifier(type) == ObjectIdentifier(other)
}

/// Writes one value with a ``JSONWriter``. Containers are written as they are used; each
/// one is closed when a container above it writes again or the value that opened it ends.
final class RecordEncoder: Encoder {
  // Used by one call at a time, on one thread: the checks of exclusive access would cost
  // more than the writing.
  @exclusivity(unchecked) var writer: JSONWriter
  let dates: StoreDateFormat
  /// The open objects and arrays: their closing character, and whether they hold nothing yet.
  @exclusivity(unchecked) private var frames: [(closer: StaticString, empty: Bool)] = []

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(writer: JSONWriter, dates: StoreDateFormat) {
    self.writer = writer
    self.dates = dates
  }

  func value<Value: Encodable>(_ value: Value) throws {
    // The types a store's records are made of, written directly; `Value` is the type
    // compared, so the casts cannot fail.
    if isType(Value.self, String.self) {
      return writer.string(unsafeBitCast(value, to: String.self))
    }
    if isType(Value.self, Int.self) { return writer.int(unsafeBitCast(value, to: Int.self)) }
    if isType(Value.self, Date.self) {
      return dates.write(unsafeBitCast(value, to: Date.self), &writer)
    }
    if isType(Value.self, Bool.self) { return writer.bool(unsafeBitCast(value, to: Bool.self)) }
    if isType(Value.self, Double.self) { return try double(unsafeBitCast(value, to: Double.self)) }
    switch Value.self {
    case is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type, is UInt.Type, is UInt8.Type,
      is UInt16.Type, is UInt32.Type, is UInt64.Type:
      writer.raw(bytes: "\(value)".utf8)
    case is Float.Type: try double(Double(value as! Float))
    default:
      let depth = frames.count
      let start = writer.bytes.count
      try value.encode(to: self)
      if frames.count == depth, writer.bytes.count == start {
        // Wrote nothing at all: an empty object, as `JSONEncoder` writes.
        writer.raw("{}")
      }
      close(downTo: depth)
    }
  }

  func double(_ value: Double) throws {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: [], debugDescription: "\(value) cannot be written as JSON"))
    }
    if value == value.rounded(.towardZero), abs(value) < 1e15 {
      writer.int(Int(value))
    } else {
      writer.raw(bytes: "\(value)".utf8)
    }
  }

  /// Closes the objects and arrays opened above `depth`.
  func close(downTo depth: Int) {
    while frames.count > depth {
      writer.raw(frames.removeLast().closer)
    }
  }

  /// Gets ready to write into the container at `index`: closes those above it and writes
  /// the separator before its next element.
  func next(in index: Int) {
    close(downTo: index + 1)
    if frames[index].empty {
      frames[index].empty = false
    } else {
      writer.raw(", ")
    }
  }

  func open(_ opener: StaticString, _ closer: StaticString) -> Int {
    writer.raw(opener)
    frames.append((closer, true))
    return frames.count - 1
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, index: open("{", "}")))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    UnkeyedContainer(encoder: self, index: open("[", "]"))
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueContainer(encoder: self)
  }

  struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: RecordEncoder
    let index: Int
    var codingPath: [any CodingKey] { [] }

    private func key(_ key: Key) {
      encoder.next(in: index)
      encoder.writer.key(key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws {
      self.key(key)
      encoder.writer.raw("null")
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
      self.key(key)
      encoder.writer.string(value)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
      self.key(key)
      encoder.writer.int(value)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
      self.key(key)
      encoder.writer.bool(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      self.key(key)
      try encoder.value(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      self.key(key)
      return encoder.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      self.key(key)
      return encoder.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
      self.key(Key(stringValue: "super")!)
      return encoder
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      self.key(key)
      return encoder
    }
  }

  struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: RecordEncoder
    let index: Int
    var count = 0
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {
      encoder.next(in: index)
      encoder.writer.raw("null")
      count += 1
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
      encoder.next(in: index)
      try encoder.value(value)
      count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      encoder.next(in: index)
      count += 1
      return encoder.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      encoder.next(in: index)
      count += 1
      return encoder.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
      encoder.next(in: index)
      count += 1
      return encoder
    }
  }

  struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: RecordEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { encoder.writer.raw("null") }
    mutating func encode(_ value: String) throws { encoder.writer.string(value) }
    mutating func encode(_ value: Int) throws { encoder.writer.int(value) }
    mutating func encode(_ value: Bool) throws { encoder.writer.bool(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.value(value) }
  }
}
