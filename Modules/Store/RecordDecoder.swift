import Foundation

/// Reads values with a ``JSONReader`` for ``RecordCoding``: one value, or many one after the
/// other (the elements of a long list), reusing its state.
///
/// An object's fields are first read in the order they are asked for. Each one is found by
/// comparing the text at the reader's position with the bytes its name is written as there
/// (`, "text": `), learned from the objects of the same type read before, so that reading a
/// field name makes no `String` and looks nothing up. The first field not found that way
/// makes its container index the object's fields by name and look each one up from then on:
/// fields in another order, other spacing, unknown fields and missing fields are all read,
/// only more slowly.
///
/// The decoder's ``State`` (the reader, and the open objects and arrays) is kept at a fixed
/// address, not in the containers, so that the keyed container made for one key type at one
/// depth serves every later object of that type at that depth. The standard library copies a
/// keyed container for each field it reads: a container therefore holds only addresses, of
/// the state and of its type's ``FieldOrder``, whose copies count no references (counting
/// them would take two atomic operations for each field). The decoder keeps both; ``finish()``
/// keeps the decoder when a container outlives the reading.
final class RecordDecoder: Decoder {
  /// The decoder's state, at an address of its own that the containers refer to.
  let state: UnsafeMutablePointer<State>

  /// A keyed container made for a key type and a depth, kept for the next object there.
  private struct Made {
    var key: ObjectIdentifier
    var level: Int
    /// The `KeyedDecodingContainer`: a reference to the standard library's box of it.
    var box: AnyObject
    /// The order its type asked for the fields in, which the container refers to.
    var order: UnsafeMutablePointer<FieldOrder>
  }

  // Used by one call at a time, on one thread: the checks of exclusive access would cost
  // more than the look-up.
  @exclusivity(unchecked) private var made: [Made] = []

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// A decoder of `reader`, whose dates are in `dates`. One that `learns` keeps the order of
  /// the fields of each type it reads, for the next value of the type: a decoder of many
  /// values.
  init(reader: JSONReader, dates: StoreDateFormat, learns: Bool) {
    state = .allocate(capacity: 1)
    state.initialize(to: State(reader: reader, dates: dates, learns: learns))
    state.pointee.decoder = self
  }

  deinit {
    for entry in made {
      entry.order.pointee.free()
      entry.order.deinitialize(count: 1)
      entry.order.deallocate()
    }
    state.pointee.free()
    state.deinitialize(count: 1)
    state.deallocate()
  }

  /// Called by the decoder's owner when it is done with the decoder: when a `Decodable` type
  /// kept one of the containers it was given beyond its reading, which refers to the
  /// decoder's memory without keeping it, the decoder is kept for as long as the process
  /// runs rather than freed under the container.
  func finish() {
    // Each entry moved out of the array, so that its box is referenced only by it and by
    // containers still in use.
    var entries: [Made] = []
    swap(&entries, &made)
    var escaped = false
    while var entry = entries.popLast() {
      if !isKnownUniquelyReferenced(&entry.box) { escaped = true }
      made.append(entry)
    }
    if escaped { _ = Unmanaged.passRetained(self) }
  }

  /// Reads a value of any type.
  func value<Value: Decodable>(_ type: Value.Type) throws -> Value {
    // The types a store's records are made of, read directly; `Value` is the type compared,
    // so the casts cannot fail.
    if isType(Value.self, String.self) {
      return unsafeBitCast(try state.pointee.reader.string(), to: Value.self)
    }
    if isType(Value.self, Int.self) {
      return unsafeBitCast(try state.pointee.reader.int(), to: Value.self)
    }
    if isType(Value.self, Date.self) {
      return unsafeBitCast(try state.pointee.date(), to: Value.self)
    }
    if isType(Value.self, Bool.self) {
      return unsafeBitCast(try state.pointee.reader.bool(), to: Value.self)
    }
    if isType(Value.self, Double.self) {
      return unsafeBitCast(try state.pointee.reader.double(), to: Value.self)
    }
    if MemoryLayout<Value>.size <= 8, Self.otherNumbers.contains(ObjectIdentifier(type)) {
      return try otherNumber(type)
    }
    let depth = state.pointee.depth
    let start = state.pointee.reader.startOfNextValue()
    let value: Value
    do {
      value = try Value(from: self)
    } catch {
      // What went wrong with the text where it could not be thrown comes first: the type's
      // failure may be no more than its consequence (no keys, for example).
      if let unthrown = state.pointee.unthrown {
        state.pointee.unthrown = nil
        throw unthrown
      }
      throw error
    }
    if state.pointee.depth > depth {
      try state.pointee.close(downTo: depth)
    } else if state.pointee.reader.position == start {
      // The type read nothing of its text (an `init(from:)` that asks for no container, or
      // one that reads nothing from it): the text is passed over.
      try state.pointee.reader.skipValue()
    }
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
    default: return unsafeBitCast(Float(try state.pointee.reader.double()), to: Value.self)
    }
  }

  private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    let text = try state.pointee.reader.numberText()
    guard let value = T(text) else {
      throw state.pointee.reader.failure("expected a whole number that fits \(T.self)", value: true)
    }
    return value
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let level = try state.pointee.openObject()
    let key = ObjectIdentifier(type)
    let found = made.withUnsafeBufferPointer { made in
      made.firstIndex { $0.key == key && $0.level == level }
    }
    if let found {
      return unsafeBitCast(made[found].box, to: KeyedDecodingContainer<Key>.self)
    }
    return makeContainer(type, level: level)
  }

  @inline(never)
  private func makeContainer<Key: CodingKey>(_ type: Key.Type, level: Int)
    -> KeyedDecodingContainer<Key>
  {
    let order = UnsafeMutablePointer<FieldOrder>.allocate(capacity: 1)
    order.initialize(to: FieldOrder())
    let container = KeyedDecodingContainer(
      KeyedContainer<Key>(state: state, order: order, level: level))
    // The container is a reference to the box and nothing else.
    let box = withUnsafeBytes(of: container) { $0.load(as: AnyObject.self) }
    made.append(Made(key: ObjectIdentifier(type), level: level, box: box, order: order))
    return container
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    UnkeyedContainer(decoder: self, level: try state.pointee.openArray())
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueContainer(decoder: self)
  }

  // MARK: - State

  /// What a decoder reads with: the reader and the objects and arrays open in it.
  struct State {
    /// The decoder whose state this is.
    unowned(unsafe) var decoder: RecordDecoder! = nil
    var reader: JSONReader
    let dates: StoreDateFormat
    /// Whether to learn the order of the fields of each type read.
    let learns: Bool
    /// ``dates``' parser of a date's text in place, if it has one.
    let parseDate: (@Sendable (UnsafeBufferPointer<UInt8>) -> Date?)?
    /// Whether ``dates`` has the ``StoreDateFormat/Layout/iso8601Milliseconds`` layout.
    let datesAreISO8601: Bool
    /// The open objects and arrays, the outermost first: `levels[0..<depth]`. Initialized up
    /// to `capacity`.
    private var levels: UnsafeMutablePointer<Level>
    private var capacity = 4
    private(set) var depth = 0
    /// A failure of the text met where it could not be thrown (``KeyedContainer/allKeys``,
    /// ``KeyedContainer/contains(_:)``): thrown instead of what the value's type throws next.
    var unthrown: (any Error)?

    /// One open object or array.
    struct Level {
      /// Where it starts: the offset of its brace or bracket.
      var start = 0
      var isArray = false
      /// In an object read in order, how many fields were read, which is also the place of
      /// the next one in the type's ``FieldOrder``; `-1` once its fields are looked up by
      /// name. In an array, how many elements were read.
      var count = 0
      /// Where each field's value starts, once the fields are looked up by name.
      var fields: [String: Int] = [:]
      /// Where the object ends, once its fields are looked up by name.
      var end = 0
    }

    init(reader: JSONReader, dates: StoreDateFormat, learns: Bool) {
      self.reader = reader
      self.dates = dates
      self.learns = learns
      parseDate = dates.text?.parse
      datesAreISO8601 = dates.layout == .iso8601Milliseconds
      levels = .allocate(capacity: capacity)
      levels.initialize(repeating: Level(), count: capacity)
    }

    /// Frees the memory the state holds: call once, before the state goes.
    func free() {
      levels.deinitialize(count: capacity)
      levels.deallocate()
    }

    /// Forgets the objects and arrays of a value read before.
    mutating func reset() {
      depth = 0
      unthrown = nil
    }

    /// Reads a date in the decoder's format; in place when it is a string of a format made
    /// with a parser, and without the parser when it has the format's layout.
    @inline(__always)
    mutating func date() throws -> Date {
      if datesAreISO8601, let date = reader.iso8601DateAsWritten() { return date }
      guard let parseDate else { return try dates.read(&reader) }
      return try reader.string(parsedWith: parseDate, orFail: dates.text?.failure ?? "")
    }

    // MARK: Objects and arrays

    /// Opens the object that comes next, the innermost level, and returns its level.
    @inline(__always)
    mutating func openObject() throws -> Int {
      push(start: try reader.openObject(), isArray: false)
    }

    /// Opens the array that comes next, the innermost level, and returns its level.
    mutating func openArray() throws -> Int {
      let start = reader.startOfNextValue()
      try reader.openArray()
      return push(start: start, isArray: true)
    }

    @inline(__always)
    private mutating func push(start: Int, isArray: Bool) -> Int {
      if depth == capacity { grow() }
      let level = depth
      levels[level].start = start
      levels[level].isArray = isArray
      levels[level].count = 0
      depth = level + 1
      return level
    }

    private mutating func grow() {
      let larger = UnsafeMutablePointer<Level>.allocate(capacity: capacity * 2)
      larger.moveInitialize(from: levels, count: capacity)
      (larger + capacity).initialize(repeating: Level(), count: capacity)
      levels.deallocate()
      levels = larger
      capacity *= 2
    }

    /// Leaves the objects and arrays opened above `target`, reading what is left of them.
    mutating func close(downTo target: Int) throws {
      while depth > target {
        let level = depth - 1
        let count = levels[level].count
        if levels[level].isArray {
          try reader.closeArray(first: count == 0)
        } else if count < 0 {
          reader.leave(at: levels[level].end)
          levels[level].fields = [:]
        } else {
          try reader.closeObject(first: count == 0)
        }
        depth = level
      }
    }

    // MARK: Fields

    /// Moves the reader to the value of field `name` of the object at `level`, whose type
    /// asked for its fields in `order` before; throws a missing field when there is none.
    @inline(__always)
    mutating func locate(_ name: String, in level: Int, order: UnsafeMutablePointer<FieldOrder>)
      throws
    {
      guard try find(name, in: level, order: order) else {
        throw RecordCoding.Problem(path: name, message: nil)
      }
    }

    /// Moves the reader to the value of field `name` of the object at `level`, whose type
    /// asked for its fields in `order` before; `false` when there is no such field.
    @inline(__always)
    mutating func find(_ name: String, in level: Int, order: UnsafeMutablePointer<FieldOrder>)
      throws -> Bool
    {
      // The common case first: nothing opened inside the object since the last field read,
      // and the name asked for is the next one of the order, written next in the text.
      if depth == level + 1 {
        let count = levels[level].count
        if count >= 0, count < order.pointee.count, order.pointee.has(name, at: count),
          reader.skip(text: order.pointee.text(count))
        {
          levels[level].count = count + 1
          return true
        }
      }
      return try findOtherwise(name, in: level, order: order)
    }

    /// ``find(_:in:order:)`` when the field is not the next one of the order: the name asked
    /// for written next in the text, or looked up by name.
    @inline(never)
    private mutating func findOtherwise(
      _ name: String, in level: Int, order: UnsafeMutablePointer<FieldOrder>
    ) throws -> Bool {
      try close(downTo: level + 1)
      let count = levels[level].count
      if count >= 0 {
        if reader.skipKey(name, first: count == 0) {
          if learns, count == order.pointee.count { order.pointee.append(name) }
          levels[level].count = count + 1
          return true
        }
        try index(level)
      }
      guard let offset = levels[level].fields[name] else { return false }
      reader.move(to: offset)
      return true
    }

    /// Makes the object at `level` look its fields up by name from now on.
    private mutating func index(_ level: Int) throws {
      let (fields, end) = try reader.indexFields(from: levels[level].start)
      levels[level].fields = fields
      levels[level].end = end
      levels[level].count = -1
    }

    /// Where the object at `level` is read to, for ``unfind(in:at:)``; closes what is open
    /// inside it first.
    mutating func mark(_ level: Int) throws -> (position: Int, count: Int) {
      try close(downTo: level + 1)
      return (reader.position, levels[level].count)
    }

    /// Takes the reader back to `mark`, before a field was found in the object at `level`,
    /// when the object is still read in order: the next call that asks for the field then
    /// finds it the same way. (An object whose fields are looked up by name needs nothing.)
    mutating func unfind(in level: Int, at mark: (position: Int, count: Int)) {
      guard levels[level].count >= 0 else { return }
      reader.move(to: mark.position)
      levels[level].count = mark.count
    }

    /// The names of the fields of the object at `level`.
    mutating func fieldNames(in level: Int) throws -> [String] {
      try close(downTo: level + 1)
      if levels[level].count >= 0 { try index(level) }
      return Array(levels[level].fields.keys)
    }

    // MARK: Elements

    /// Before the next element of the array at `level`: `false` at its end.
    mutating func nextElement(in level: Int) throws -> Bool {
      try close(downTo: level + 1)
      if reader.atArrayEnd() { return false }
      try reader.elementSeparator(first: levels[level].count == 0)
      levels[level].count += 1
      return true
    }

    /// Whether the array at `level` has no element left.
    mutating func isAtEnd(_ level: Int) throws -> Bool {
      try close(downTo: level + 1)
      return reader.atArrayEnd()
    }

    /// Whether the next element of the array at `level` is `null`, reading nothing.
    mutating func nextElementIsNull(in level: Int) throws -> Bool {
      guard try !isAtEnd(level) else { return false }
      var probe = reader
      if levels[level].count > 0 {
        guard (try? probe.elementSeparator(first: false)) != nil else { return false }
      }
      return probe.null()
    }
  }

  // MARK: - Containers

  /// A keyed container. It holds where its object is and the addresses of the decoder's state
  /// and of its type's field order, so that the standard library's copy of it for each field
  /// read costs nothing.
  struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let state: UnsafeMutablePointer<State>
    let order: UnsafeMutablePointer<FieldOrder>
    let level: Int

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] {
      do {
        return try state.pointee.fieldNames(in: level).compactMap(Key.init(stringValue:))
      } catch {
        state.pointee.unthrown = state.pointee.unthrown ?? error
        return []
      }
    }

    func contains(_ key: Key) -> Bool {
      do {
        let mark = try state.pointee.mark(level)
        guard try state.pointee.find(key.stringValue, in: level, order: order) else {
          return false
        }
        state.pointee.unfind(in: level, at: mark)
        return true
      } catch {
        state.pointee.unthrown = state.pointee.unthrown ?? error
        return false
      }
    }

    func decodeNil(forKey key: Key) throws -> Bool {
      let name = key.stringValue
      let mark = try state.pointee.mark(level)
      try locate(name)
      if state.pointee.reader.null() { return true }
      state.pointee.unfind(in: level, at: mark)
      return false
    }

    /// Moves to the value of `name`, naming the field in what goes wrong.
    private func locate(_ name: String) throws {
      do {
        try state.pointee.locate(name, in: level, order: order)
      } catch let problem as RecordCoding.Problem where problem.message == nil {
        throw problem
      } catch {
        throw RecordCoding.locate(error, at: name)
      }
    }

    /// Moves to the value of `name` when the object has the field and it is not `null`.
    @inline(__always)
    private func locateIfPresent(_ name: String) throws -> Bool {
      do {
        guard try state.pointee.find(name, in: level, order: order) else { return false }
        return !state.pointee.reader.null()
      } catch {
        throw RecordCoding.locate(error, at: name)
      }
    }

    // The most common types without the generic steps.
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
      let name = key.stringValue
      try state.pointee.locate(name, in: level, order: order)
      do {
        return try state.pointee.reader.string()
      } catch {
        throw RecordCoding.locate(error, at: name)
      }
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
      let name = key.stringValue
      try state.pointee.locate(name, in: level, order: order)
      do {
        return try state.pointee.reader.int()
      } catch {
        throw RecordCoding.locate(error, at: name)
      }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
      let name = key.stringValue
      try state.pointee.locate(name, in: level, order: order)
      do {
        return try state.pointee.reader.bool()
      } catch {
        throw RecordCoding.locate(error, at: name)
      }
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
      let name = key.stringValue
      try state.pointee.locate(name, in: level, order: order)
      do {
        return try state.pointee.reader.double()
      } catch {
        throw RecordCoding.locate(error, at: name)
      }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      let name = key.stringValue
      if isType(T.self, Date.self) {
        try state.pointee.locate(name, in: level, order: order)
        do {
          return unsafeBitCast(try state.pointee.date(), to: T.self)
        } catch {
          throw RecordCoding.locate(error, at: name)
        }
      }
      try locate(name)
      do {
        return try state.pointee.decoder.value(type)
      } catch {
        throw RecordCoding.locate(error, at: name)
      }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
      let name = key.stringValue
      guard try locateIfPresent(name) else { return nil }
      do {
        return try state.pointee.reader.string()
      } catch {
        throw RecordCoding.locate(error, at: name)
      }
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
      let name = key.stringValue
      guard try locateIfPresent(name) else { return nil }
      do {
        return try state.pointee.reader.int()
      } catch {
        throw RecordCoding.locate(error, at: name)
      }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
      let name = key.stringValue
      guard try locateIfPresent(name) else { return nil }
      do {
        return try state.pointee.reader.bool()
      } catch {
        throw RecordCoding.locate(error, at: name)
      }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
      let name = key.stringValue
      guard try locateIfPresent(name) else { return nil }
      do {
        return try state.pointee.decoder.value(type)
      } catch {
        throw RecordCoding.locate(error, at: name)
      }
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      let name = key.stringValue
      try locate(name)
      do {
        return try state.pointee.decoder.container(keyedBy: type)
      } catch {
        throw RecordCoding.locate(error, at: name)
      }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      let name = key.stringValue
      try locate(name)
      do {
        return try state.pointee.decoder.unkeyedContainer()
      } catch {
        throw RecordCoding.locate(error, at: name)
      }
    }

    func superDecoder() throws -> any Decoder {
      try locate("super")
      return state.pointee.decoder
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
      try locate(key.stringValue)
      return state.pointee.decoder
    }
  }

  struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: RecordDecoder
    let level: Int
    var count: Int? { nil }
    var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var isAtEnd: Bool { (try? decoder.state.pointee.isAtEnd(level)) ?? true }

    init(decoder: RecordDecoder, level: Int) {
      self.decoder = decoder
      self.level = level
    }

    private mutating func element<T>(_ read: () throws -> T) throws -> T {
      let place = "[\(currentIndex)]"
      guard try decoder.state.pointee.nextElement(in: level) else {
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
      guard try decoder.state.pointee.nextElementIsNull(in: level) else { return false }
      let state = decoder.state
      _ = try element { state.pointee.reader.null() }
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
      decoder.state.pointee.reader.null()
    }

    func decode(_ type: String.Type) throws -> String { try decoder.state.pointee.reader.string() }
    func decode(_ type: Int.Type) throws -> Int { try decoder.state.pointee.reader.int() }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.state.pointee.reader.bool() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.value(type) }
  }
}

/// The names of an object's fields in the order a `Decodable` type asked for them, each with
/// the text it is written as in that place (`"name": `, and `, "name": ` after the first),
/// so that the next object of the type finds each field by comparing a few words of text.
///
/// Kept in memory of its own, which ``free()`` frees, so that reading it counts no
/// references.
struct FieldOrder {
  /// How many names there are.
  private(set) var count = 0
  private var capacity = 0
  /// The names, in order; allocated with the first one.
  private var names: UnsafeMutablePointer<String>?
  /// Where each name's text starts in `texts`, and where the last one ends: `count + 1`
  /// offsets.
  private var starts: UnsafeMutablePointer<Int>?
  /// The texts of the names, one after the other.
  private var texts: UnsafeMutablePointer<UInt8>?
  private var textCapacity = 0

  /// Frees the memory the order holds: call once, before the order goes.
  func free() {
    names?.deinitialize(count: count)
    names?.deallocate()
    starts?.deallocate()
    texts?.deallocate()
  }

  /// Whether name `index` (less than ``count``) is `name`. Two names of one literal compare
  /// by their bits alone.
  @inline(__always)
  func has(_ name: String, at index: Int) -> Bool {
    names.unsafelyUnwrapped[index] == name
  }

  /// The text of name `index`, less than ``count``.
  @inline(__always)
  func text(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    let starts = self.starts.unsafelyUnwrapped
    return UnsafeBufferPointer(
      start: texts.unsafelyUnwrapped + starts[index], count: starts[index + 1] - starts[index])
  }

  /// Adds `name`, read after the others.
  mutating func append(_ name: String) {
    var text: [UInt8] = count == 0 ? [] : Array(", ".utf8)
    text.append(UInt8(ascii: "\""))
    text.append(contentsOf: name.utf8)
    text.append(contentsOf: "\": ".utf8)
    if count == capacity {
      let larger = max(capacity * 2, 8)
      let names = UnsafeMutablePointer<String>.allocate(capacity: larger)
      let starts = UnsafeMutablePointer<Int>.allocate(capacity: larger + 1)
      if let old = self.names, let oldStarts = self.starts {
        names.moveInitialize(from: old, count: count)
        starts.moveInitialize(from: oldStarts, count: count + 1)
        old.deallocate()
        oldStarts.deallocate()
      } else {
        starts.initialize(to: 0)
      }
      self.names = names
      self.starts = starts
      capacity = larger
    }
    let starts = self.starts.unsafelyUnwrapped
    let start = starts[count]
    if start + text.count > textCapacity {
      textCapacity = max(textCapacity * 2, start + text.count, 128)
      let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: textCapacity)
      if let texts {
        larger.moveInitialize(from: texts, count: start)
        texts.deallocate()
      }
      texts = larger
    }
    (texts.unsafelyUnwrapped + start).initialize(from: text, count: text.count)
    (names.unsafelyUnwrapped + count).initialize(to: name)
    (starts + count + 1).initialize(to: start + text.count)
    count += 1
  }
}
