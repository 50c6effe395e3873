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

  /// Reads many values one after the other, reusing its state: for the elements of a long
  /// list (see ``JSONReader/array(oneElementALine:part:)``). Use one on one thread at a time.
  public struct Reader {
    private let owner: Owner
    private var decoder: RecordDecoder { owner.decoder }

    /// Holds the decoder, and clears the containers it keeps for reuse (which refer to it)
    /// when the reader goes.
    private final class Owner {
      let decoder: RecordDecoder
      init(_ decoder: RecordDecoder) { self.decoder = decoder }
      deinit { decoder.forgetContainers() }
    }

    /// A reader of values whose dates are written in `dates`.
    public init(dates: StoreDateFormat = .secondsSince1970) {
      owner = Owner(RecordDecoder(reader: JSONReader([]), dates: dates, reusesContainers: true))
    }

    /// Reads a value as ``RecordCoding/read(_:from:dates:)`` does.
    public func read<Value: Decodable>(_ type: Value.Type, from reader: inout JSONReader) throws
      -> Value
    {
      swap(&decoder.reader, &reader)
      defer { swap(&decoder.reader, &reader) }
      decoder.reset()
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

/// Whether `type` is `other`. (Compared by identifier: comparing the metatypes themselves
/// makes optionals of them, whose type is looked up at each comparison.)
@inline(__always)
private func isType(_ type: Any.Type, _ other: Any.Type) -> Bool {
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

// MARK: - Decoding

/// Reads one value with a ``JSONReader``. An object's fields are first read in the order
/// they are asked for, each name compared with the text in place; the first one not found
/// there makes the container look every field up by name from then on.
final class RecordDecoder: Decoder {
  // Read and written by one call at a time (a decoder is used on one thread): the checks of
  // exclusive access would cost more than the reading.
  @exclusivity(unchecked) var reader: JSONReader
  let dates: StoreDateFormat
  /// The open objects and arrays, innermost last.
  @exclusivity(unchecked) private var frames: [Frame] = []

  struct Frame {
    var start: Int
    var isArray: Bool
    /// Whether no field or element was read yet (in order).
    var first = true
    /// How many fields were read in order from the object's start.
    var ordinal = 0
    /// Each field's value offset, once the fields are looked up by name.
    var fields: [String: Int]?
    /// Where the object ends, once its fields are looked up by name.
    var end = 0
  }

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// Whether to keep the keyed containers made, for the next value of the same type.
  private let reusesContainers: Bool
  /// The keyed containers made: for each one, its key type, the depth of its object, and the
  /// container.
  @exclusivity(unchecked) private var keyedContainers:
    [(key: ObjectIdentifier, index: Int, container: AnyObject)] = []

  init(reader: JSONReader, dates: StoreDateFormat, reusesContainers: Bool = false) {
    self.reader = reader
    self.dates = dates
    self.reusesContainers = reusesContainers
    frames.reserveCapacity(8)
  }

  /// Drops the containers kept for reuse, which refer to the decoder.
  func forgetContainers() {
    keyedContainers.removeAll()
  }

  /// Forgets the containers of a value read before.
  func reset() {
    frames.removeAll(keepingCapacity: true)
  }

  func value<Value: Decodable>(_ type: Value.Type) throws -> Value {
    // The types a store's records are made of, read directly; `Value` is the type compared,
    // so the casts cannot fail.
    if isType(Value.self, String.self) { return unsafeBitCast(try reader.string(), to: Value.self) }
    if isType(Value.self, Int.self) { return unsafeBitCast(try reader.int(), to: Value.self) }
    if isType(Value.self, Date.self) {
      return unsafeBitCast(try dates.read(&reader), to: Value.self)
    }
    if isType(Value.self, Bool.self) { return unsafeBitCast(try reader.bool(), to: Value.self) }
    if isType(Value.self, Double.self) { return unsafeBitCast(try reader.double(), to: Value.self) }
    if MemoryLayout<Value>.size <= 8, Self.otherNumbers.contains(ObjectIdentifier(type)) {
      return try otherNumber(type)
    }
    let depth = frames.count
    let value = try Value(from: self)
    try close(downTo: depth)
    return value
  }

  /// The other number types of the standard library, read as numbers.
  private static let otherNumbers: [ObjectIdentifier] = [
    Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self,
    UInt32.self, UInt64.self, Float.self,
  ].map { ObjectIdentifier($0) }

  /// A value of one of ``otherNumbers``. (No optional of `Value` is made: its type would be
  /// looked up for each value read.)
  private func otherNumber<Value>(_ type: Value.Type) throws -> Value {
    switch ObjectIdentifier(type) {
    case ObjectIdentifier(Int8.self): return unsafeBitCast(try integer(Int8.self), to: Value.self)
    case ObjectIdentifier(Int16.self):
      return unsafeBitCast(try integer(Int16.self), to: Value.self)
    case ObjectIdentifier(Int32.self):
      return unsafeBitCast(try integer(Int32.self), to: Value.self)
    case ObjectIdentifier(Int64.self):
      return unsafeBitCast(try integer(Int64.self), to: Value.self)
    case ObjectIdentifier(UInt.self): return unsafeBitCast(try integer(UInt.self), to: Value.self)
    case ObjectIdentifier(UInt8.self):
      return unsafeBitCast(try integer(UInt8.self), to: Value.self)
    case ObjectIdentifier(UInt16.self):
      return unsafeBitCast(try integer(UInt16.self), to: Value.self)
    case ObjectIdentifier(UInt32.self):
      return unsafeBitCast(try integer(UInt32.self), to: Value.self)
    case ObjectIdentifier(UInt64.self):
      return unsafeBitCast(try integer(UInt64.self), to: Value.self)
    default: return unsafeBitCast(Float(try reader.double()), to: Value.self)
    }
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
  /// object has no such field. `order` holds the names of the fields of objects of this
  /// type in the order they were read before.
  @inline(__always)
  func locate(_ key: String, in index: Int, order: FieldOrder) throws -> Bool {
    // The common case first: the fields asked for in the order they were asked for in the
    // objects read before, and found in that order in the text. The name is compared with
    // the one asked for before at this place (two `String`s of one literal compare by their
    // bits), and the text with the bytes that name is written as.
    if frames.count == index + 1, frames[index].fields == nil {
      let ordinal = frames[index].ordinal
      if ordinal < order.count, order.names[ordinal] == key,
        order.skip(ordinal, in: &reader)
      {
        frames[index].first = false
        frames[index].ordinal = ordinal + 1
        return true
      }
    }
    return try locateOtherwise(key, in: index, order: order)
  }

  private func locateOtherwise(_ key: String, in index: Int, order: FieldOrder) throws -> Bool {
    try close(downTo: index + 1)
    if frames[index].fields == nil {
      if reader.skipKey(key, first: frames[index].first) {
        let ordinal = frames[index].ordinal
        // Kept for the next value only when the container is.
        if reusesContainers, ordinal == order.count { order.append(key) }
        frames[index].first = false
        frames[index].ordinal = ordinal + 1
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
    let index = frames.count - 1
    guard reusesContainers else {
      return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self, index: index))
    }
    // A container holds nothing but the decoder and the depth of its object (its state is in
    // `frames`): the one made for the previous value of this type serves again, which spares
    // an allocation and the look-ups of its generic types for each element of a long list.
    let key = ObjectIdentifier(type)
    for entry in keyedContainers where entry.key == key && entry.index == index {
      return unsafeBitCast(entry.container, to: KeyedDecodingContainer<Key>.self)
    }
    let container = KeyedDecodingContainer(KeyedContainer<Key>(decoder: self, index: index))
    keyedContainers.append((key, index, unsafeBitCast(container, to: AnyObject.self)))
    return container
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

  /// A keyed container: a class, so that the standard library's wrapper of it copies one
  /// reference for each field read.
  final class KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: RecordDecoder
    let index: Int
    /// The fields in the order they were read, kept with the container when it is reused.
    let order = FieldOrder()
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] {
      ((try? decoder.fieldNames(in: index)) ?? []).compactMap(Key.init(stringValue:))
    }

    init(decoder: RecordDecoder, index: Int) {
      self.decoder = decoder
      self.index = index
    }

    func contains(_ key: Key) -> Bool {
      (try? decoder.locate(key.stringValue, in: index, order: order)) ?? false
    }

    /// Reads the value of `key` with `read`, naming the field in what goes wrong.
    private func field<T>(_ key: Key, _ read: () throws -> T) throws -> T {
      do {
        guard try decoder.locate(key.stringValue, in: index, order: order) else {
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

    // String and Int fields, the most common, without the generic `field`.
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
      let name = key.stringValue
      guard try decoder.locate(name, in: index, order: order) else {
        throw RecordCoding.Problem(path: name, message: nil)
      }
      do {
        return try decoder.reader.string()
      } catch {
        throw RecordCoding.locate(error, at: name)
      }
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
      let name = key.stringValue
      guard try decoder.locate(name, in: index, order: order) else {
        throw RecordCoding.Problem(path: name, message: nil)
      }
      do {
        return try decoder.reader.int()
      } catch {
        throw RecordCoding.locate(error, at: name)
      }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
      try field(key) { try decoder.reader.bool() }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      if isType(T.self, Date.self) {
        // Dates, common in records, without the generic steps of `field` and `value`.
        let name = key.stringValue
        guard try decoder.locate(name, in: index, order: order) else {
          throw RecordCoding.Problem(path: name, message: nil)
        }
        do {
          return unsafeBitCast(try decoder.dates.read(&decoder.reader), to: T.self)
        } catch {
          throw RecordCoding.locate(error, at: name)
        }
      }
      return try field(key) { try decoder.value(type) }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
      guard try decoder.locate(key.stringValue, in: index, order: order) else { return nil }
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

/// The names of an object's fields in the order a `Decodable` type asked for them, each with
/// the text it is written as in that place (`"name": `, after `, ` but for the first), so
/// that the next object of the type finds each field by comparing bytes.
final class FieldOrder {
  /// The names, in order.
  @exclusivity(unchecked) private(set) var names: [String] = []
  /// The texts of the names, one after the other.
  @exclusivity(unchecked) private var texts: [UInt8] = []
  /// Where each name's text starts in `texts`, and where the last one ends.
  @exclusivity(unchecked) private var starts: [Int] = [0]

  var count: Int { names.count }

  /// Adds `name`, read after the others.
  func append(_ name: String) {
    if !names.isEmpty { texts.append(contentsOf: ", ".utf8) }
    texts.append(UInt8(ascii: "\""))
    texts.append(contentsOf: name.utf8)
    texts.append(contentsOf: "\": ".utf8)
    names.append(name)
    starts.append(texts.count)
  }

  /// Consumes the text of name `ordinal` (less than ``count``) when `reader` is at it.
  @inline(__always)
  func skip(_ ordinal: Int, in reader: inout JSONReader) -> Bool {
    let start = starts[ordinal]
    let end = starts[ordinal + 1]
    return texts.withUnsafeBufferPointer { texts in
      reader.skip(text: UnsafeBufferPointer(rebasing: texts[start..<end]))
    }
  }
}
