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
    let decoder = RecordDecoder(reader: reader, dates: dates)
    let value = try decoder.value(type)
    reader = decoder.reader
    return value
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
  public var read: @Sendable (inout JSONReader) throws -> Date

  /// Creates a format from its writer and reader.
  public init(
    write: @escaping @Sendable (Date, inout JSONWriter) -> Void,
    read: @escaping @Sendable (inout JSONReader) throws -> Date
  ) {
    self.write = write
    self.read = read
  }

  /// Seconds since 1970 as a number.
  public static let secondsSince1970 = StoreDateFormat(
    write: { date, writer in writer.raw(bytes: "\(date.timeIntervalSince1970)".utf8) },
    read: { reader in Date(timeIntervalSince1970: try reader.double()) })
}

// MARK: - Encoding

/// Writes one value with a ``JSONWriter``. Containers are written as they are used; each
/// one is closed when a container above it writes again or the value that opened it ends.
final class RecordEncoder: Encoder {
  var writer: JSONWriter
  let dates: StoreDateFormat
  /// The open objects and arrays: their closing character, and whether they hold nothing yet.
  private var frames: [(closer: StaticString, empty: Bool)] = []

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(writer: JSONWriter, dates: StoreDateFormat) {
    self.writer = writer
    self.dates = dates
  }

  func value<Value: Encodable>(_ value: Value) throws {
    switch value {
    case let value as String: writer.string(value)
    case let value as Int: writer.int(value)
    case let value as Bool: writer.bool(value)
    case let value as Double: try double(value)
    case let value as Date: dates.write(value, &writer)
    case let value as any BinaryInteger: writer.raw(bytes: "\(value)".utf8)
    case let value as any BinaryFloatingPoint: try double(Double(value))
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

// MARK: - Decoding

/// Reads one value with a ``JSONReader``. An object's fields are first read in the order
/// they are asked for, each name compared with the text in place; the first one not found
/// there makes the container look every field up by name from then on.
final class RecordDecoder: Decoder {
  var reader: JSONReader
  let dates: StoreDateFormat
  /// The open objects and arrays, innermost last.
  private var frames: [Frame] = []

  struct Frame {
    var start: Int
    var isArray: Bool
    /// Whether no field or element was read yet (in order).
    var first = true
    /// Each field's value offset, once the fields are looked up by name.
    var fields: [String: Int]?
    /// Where the object ends, once its fields are looked up by name.
    var end = 0
  }

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(reader: JSONReader, dates: StoreDateFormat) {
    self.reader = reader
    self.dates = dates
  }

  func value<Value: Decodable>(_ type: Value.Type) throws -> Value {
    if Value.self == String.self { return try reader.string() as! Value }
    if Value.self == Int.self { return try reader.int() as! Value }
    if Value.self == Date.self { return try dates.read(&reader) as! Value }
    if Value.self == Bool.self { return try reader.bool() as! Value }
    if Value.self == Double.self { return try reader.double() as! Value }
    if let integer = Value.self as? any FixedWidthInteger.Type {
      return try self.integer(integer) as! Value
    }
    if let floating = Value.self as? any BinaryFloatingPoint.Type {
      return floating.init(try reader.double()) as! Value
    }
    let depth = frames.count
    let value = try Value(from: self)
    try close(downTo: depth)
    return value
  }

  private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    let text = try reader.numberText()
    guard let value = T(text) else {
      throw reader.failure("expected a whole number that fits \(T.self)", value: true)
    }
    return value
  }

  /// The names of the fields of the object at `index`.
  func fieldNames(in index: Int) throws -> [String] {
    try close(downTo: index + 1)
    if frames[index].fields == nil {
      let (fields, end) = try reader.indexFields(from: frames[index].start)
      frames[index].fields = fields
      frames[index].end = end
    }
    return Array(frames[index].fields!.keys)
  }

  /// Leaves the objects and arrays opened above `depth`, reading what is left of them.
  private func close(downTo depth: Int) throws {
    while frames.count > depth {
      let frame = frames.removeLast()
      if frame.isArray {
        try reader.closeArray(first: frame.first)
      } else if frame.fields != nil {
        reader.leave(at: frame.end)
      } else {
        try reader.closeObject(first: frame.first)
      }
    }
  }

  /// Moves the reader to the value of `key` in the object at `index`; `false` when the
  /// object has no such field.
  func locate(_ key: String, in index: Int) throws -> Bool {
    try close(downTo: index + 1)
    if frames[index].fields == nil {
      if reader.skipKey(key, first: frames[index].first) {
        frames[index].first = false
        return true
      }
      let (fields, end) = try reader.indexFields(from: frames[index].start)
      frames[index].fields = fields
      frames[index].end = end
    }
    guard let offset = frames[index].fields![key] else { return false }
    reader.move(to: offset)
    return true
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let start = try reader.openObject()
    frames.append(Frame(start: start, isArray: false))
    return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self, index: frames.count - 1))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let start = reader.startOfNextValue()
    try reader.openArray()
    frames.append(Frame(start: start, isArray: true))
    return UnkeyedContainer(decoder: self, index: frames.count - 1)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueContainer(decoder: self)
  }

  /// Before the next element of the array at `index`: `false` at its end.
  func nextElement(in index: Int) throws -> Bool {
    try close(downTo: index + 1)
    if reader.atArrayEnd() { return false }
    try reader.elementSeparator(first: frames[index].first)
    frames[index].first = false
    return true
  }

  func isAtEnd(_ index: Int) throws -> Bool {
    try close(downTo: index + 1)
    return reader.atArrayEnd()
  }

  struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: RecordDecoder
    let index: Int
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] {
      ((try? decoder.fieldNames(in: index)) ?? []).compactMap(Key.init(stringValue:))
    }

    func contains(_ key: Key) -> Bool {
      (try? decoder.locate(key.stringValue, in: index)) ?? false
    }

    /// Reads the value of `key` with `read`, naming the field in what goes wrong.
    private func field<T>(_ key: Key, _ read: () throws -> T) throws -> T {
      do {
        guard try decoder.locate(key.stringValue, in: index) else {
          throw RecordCoding.Problem(path: key.stringValue, message: nil)
        }
        return try read()
      } catch let problem as RecordCoding.Problem
        where problem.message == nil
        && problem.path == key.stringValue
      {
        throw problem
      } catch {
        throw RecordCoding.locate(error, at: key.stringValue)
      }
    }

    func decodeNil(forKey key: Key) throws -> Bool {
      try field(key) { decoder.reader.null() }
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
      try field(key) { try decoder.reader.string() }
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
      try field(key) { try decoder.reader.int() }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
      try field(key) { try decoder.reader.bool() }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try field(key) { try decoder.value(type) }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
      guard try decoder.locate(key.stringValue, in: index) else { return nil }
      do {
        if decoder.reader.null() { return nil }
        return try decoder.value(type)
      } catch {
        throw RecordCoding.locate(error, at: key.stringValue)
      }
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try field(key) { try decoder.container(keyedBy: type) }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try field(key) { try decoder.unkeyedContainer() }
    }

    func superDecoder() throws -> any Decoder {
      try field(Key(stringValue: "super")!) { decoder }
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
      try field(key) { decoder }
    }
  }

  struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: RecordDecoder
    let index: Int
    var count: Int? { nil }
    var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var isAtEnd: Bool { (try? decoder.isAtEnd(index)) ?? true }

    private mutating func element<T>(_ read: () throws -> T) throws -> T {
      let place = "[\(currentIndex)]"
      guard try decoder.nextElement(in: index) else {
        throw RecordCoding.Problem(path: place, message: nil)
      }
      currentIndex += 1
      do {
        return try read()
      } catch {
        throw RecordCoding.locate(error, at: place)
      }
    }

    mutating func decodeNil() throws -> Bool {
      guard try !decoder.isAtEnd(index) else { return false }
      var probe = decoder.reader
      if !decoder.frames[index].first {
        guard (try? probe.elementSeparator(first: false)) != nil else { return false }
      }
      guard probe.null() else { return false }
      let decoder = self.decoder
      _ = try element { decoder.reader.null() }
      return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      let decoder = self.decoder
      return try element { try decoder.value(type) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      let decoder = self.decoder
      return try element { try decoder.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      let decoder = self.decoder
      return try element { try decoder.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
      let decoder = self.decoder
      return try element { decoder }
    }
  }

  struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: RecordDecoder
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool {
      decoder.reader.null()
    }

    func decode(_ type: String.Type) throws -> String { try decoder.reader.string() }
    func decode(_ type: Int.Type) throws -> Int { try decoder.reader.int() }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.reader.bool() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.value(type) }
  }
}
