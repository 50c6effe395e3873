/// The JSON text of the snapshot and of the journal's lines.
///
/// The snapshot, `<name>.json`, is one JSON object:
///
/// ```json
/// {"schemaVersion": 2, "generation": 41, "length": 18630, "crc32": "5e2b1f07",
/// "data": {…the schema's state…}}
/// ```
///
/// `length` and `crc32` are those of the bytes of the `data` value. The journal,
/// `<name>.journal`, holds one JSON object a line: a header naming the generation of the
/// snapshot it follows, then one record per change, each with the generation it makes,
/// the length and checksum of its `change` value:
///
/// ```json
/// {"schemaVersion": 2, "startsAfterGeneration": 41}
/// {"generation": 42, "length": 97, "crc32": "0c1d2e3f", "change": {…}}
/// ```
///
/// Changes written together (by concurrent writers of one store, which share one flush) are
/// one record, its `changes` array holding them in order and its generation being the one the
/// last of them makes, so that a crash leaves all of them or a record cut short, as it does
/// one change:
///
/// ```json
/// {"generation": 45, "length": 301, "crc32": "7a0b1c2d", "changes": [{…}, {…}, {…}]}
/// ```
///
/// After the last record, the journal file holds zero bytes up to its end: space written in
/// advance for the next records, which are written over it (the file grows by a step of
/// zeros when they do not fit). The journal's logical end is its first zero byte, since no
/// line of JSON holds one. `cat` shows the lines; the zeros after them are NUL characters,
/// which terminals show as nothing (`tr -d '\0' < name.journal` removes them, and
/// `cat -v` shows them as `^@`). A journal without the zeros (as earlier versions wrote it)
/// reads the same way.
///
/// A crash cuts short only the record being written, the last, and only by its end: so a
/// last line without a line break that is not a whole JSON value was cut short and is not
/// data, and a whole record without its line break (the crash stopped one byte short) is
/// data, the line break being written before the next record. Everything else that is not
/// what the store wrote is damage, refused: a line with a line break that is not a valid
/// record (the last one too), a line that runs on past where its length says it ends, and
/// bytes other than zeros after the first zero byte, except whole 512-byte sectors of zeros
/// inside the last record (a disk that wrote its later sectors and not an earlier one).
enum FileFormats {
  /// The snapshot of `state` at `generation`.
  static func snapshot<Schema: StoreSchema>(
    _ state: Schema.State, generation: Int, schema: Schema.Type
  ) -> [UInt8] {
    var data = JSONWriter(capacity: 4096)
    Schema.encode(state, to: &data)
    var writer = JSONWriter(capacity: data.bytes.count + 200)
    writer.raw("{")
    header(&writer, version: Schema.version, generation: generation, payload: data.bytes)
    writer.raw(",\n")
    writer.key("data")
    writer.raw(bytes: data.bytes)
    writer.raw("}\n")
    return writer.bytes
  }

  /// The journal's first line.
  static func journalHeader(version: Int, startsAfter generation: Int) -> [UInt8] {
    var writer = JSONWriter(capacity: 64)
    writer.raw("{")
    writer.key("schemaVersion")
    writer.int(version)
    writer.raw(", ")
    writer.key("startsAfterGeneration")
    writer.int(generation)
    writer.raw("}\n")
    return writer.bytes
  }

  /// One journal line: `change`, which makes `generation`.
  static func record<Schema: StoreSchema>(
    _ change: Schema.Change, generation: Int, schema: Schema.Type
  ) -> [UInt8] {
    record(changes: [encoded(change, schema: Schema.self)], generation: generation)
  }

  /// The JSON text of `change`, as a journal line holds it.
  static func encoded<Schema: StoreSchema>(_ change: Schema.Change, schema: Schema.Type)
    -> [UInt8]
  {
    var payload = JSONWriter(capacity: 256)
    Schema.encode(change, to: &payload)
    return payload.bytes
  }

  /// At most how many bytes a line of `count` changes holds beside their texts: its fields
  /// (numbers of up to 20 digits), the brackets and commas of an array, and a line break
  /// written before it for the record before.
  static func recordOverhead(count: Int) -> Int {
    count == 1 ? 128 : 128 + count + 1
  }

  /// One journal line of the changes whose JSON texts are `payloads` (at least one), made by
  /// one write of the file and one flush, the last of them making `generation`. One change
  /// is a `change` field; several are the elements of a `changes` array, so that a crash
  /// leaves either all of them or a last line cut short, as it does a line of one change.
  static func record(changes payloads: [[UInt8]], generation: Int) -> [UInt8] {
    var payload: [UInt8]
    if payloads.count == 1 {
      payload = payloads[0]
    } else {
      payload = [UInt8(ascii: "[")]
      payload.reserveCapacity(payloads.reduce(payloads.count + 1) { $0 + $1.count })
      for (index, element) in payloads.enumerated() {
        if index > 0 { payload.append(UInt8(ascii: ",")) }
        payload += element
      }
      payload.append(UInt8(ascii: "]"))
    }
    var writer = JSONWriter(capacity: payload.count + 100)
    writer.raw("{")
    writer.key("generation")
    writer.int(generation)
    writer.raw(", ")
    writer.key("length")
    writer.int(payload.count)
    writer.raw(", ")
    writer.key("crc32")
    writer.string(CRC32.hex(CRC32.checksum(payload, range: 0..<payload.count)))
    writer.raw(", ")
    writer.key(payloads.count == 1 ? "change" : "changes")
    writer.raw(bytes: payload)
    writer.raw("}\n")
    return writer.bytes
  }

  /// How far into a journal line the fields before its change (its generation, length and
  /// checksum, about 80 bytes as written) may reach.
  static let recordFieldsBound = 4096

  /// The offset by which the journal line starting at `start` must have ended, as its
  /// fields before its change say (where the change starts, and its length, with room for
  /// the closing brace and line break); `nil` when `bytes[start..<end]` does not hold those
  /// fields (yet).
  ///
  /// So that a damaged line is refused once it runs past that offset, without reading the
  /// rest of it, however long it is.
  static func recordBound(_ bytes: [UInt8], from start: Int, to end: Int) -> Int? {
    struct Found: Error {}
    var reader = JSONReader(bytes, range: start..<end)
    var length: Int?
    var changeStart: Int?
    do {
      try reader.object { reader, key in
        switch key {
        case "change", "changes":
          changeStart = reader.startOfNextValue()
          throw Found()
        case "length": length = try wholeNumber(&reader)
        default: try reader.skipValue()
        }
      }
    } catch {}
    guard let length, let changeStart, length >= 0 else { return nil }
    // Clamped, so that no length written in the file can overflow the sum.
    return changeStart + min(length, 1 << 48) + 64
  }

  private static func header(
    _ writer: inout JSONWriter, version: Int, generation: Int, payload: [UInt8]
  ) {
    writer.key("schemaVersion")
    writer.int(version)
    writer.raw(", ")
    writer.key("generation")
    writer.int(generation)
    writer.raw(", ")
    writer.key("length")
    writer.int(payload.count)
    writer.raw(", ")
    writer.key("crc32")
    writer.string(CRC32.hex(CRC32.checksum(payload, range: 0..<payload.count)))
  }

  // MARK: - Reading

  /// A problem of a file's framing (not of its JSON syntax), said as a phrase.
  struct Problem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// An object of whole-number fields and one payload field, as the snapshot and the
  /// journal's records are. The payload is checked against `length` and `crc32` (when both
  /// come before it, as the store writes them, before `decode` reads it) and decoded with
  /// `decode`, which gets the fields read so far.
  struct Framed<Payload> {
    var schemaVersion: Int?
    var generation: Int?
    var length: Int?
    var checksum: UInt32?
    var payload: Payload?
    var payloadRange: Range<Int>?
    /// Which payload key the object had: `payloadKey`, or the other one allowed.
    var payloadKey: String?
  }

  ///
  /// A journal line has one of two payload keys (`change`, or `changes` for several): the
  /// other is `otherPayloadKey`, and ``Framed/payloadKey`` says which was read.
  static func readFramed<Payload>(
    _ bytes: [UInt8], range: Range<Int>, payloadKey: String, otherPayloadKey: String? = nil,
    decode: (Framed<Payload>, inout JSONReader) throws -> Payload
  ) throws -> Framed<Payload> {
    var framed = Framed<Payload>()
    var reader = JSONReader(bytes, range: range)
    var checked = false
    try reader.object { reader, key in
      switch key {
      case payloadKey, otherPayloadKey:
        if let other = framed.payloadKey, other != key {
          throw Problem("it has both a field \(other) and a field \(key)")
        }
        let payloadKey = key
        framed.payloadKey = key
        let start = reader.startOfNextValue()
        if let length = framed.length, let checksum = framed.checksum {
          guard length >= 0, start + length <= range.upperBound else {
            throw Problem("its \(payloadKey) is shorter than its length says")
          }
          checked = true
          framed.payload = try verifying(bytes, start..<start + length, checksum, payloadKey) {
            try decode(framed, &reader)
          }
        } else {
          try reader.skipValue()
        }
        framed.payloadRange = start..<reader.position
      case "crc32":
        let text = try reader.string()
        guard text.utf8.count == 8, let value = UInt32(text, radix: 16) else {
          throw Problem("crc32 is not eight hexadecimal digits")
        }
        framed.checksum = value
      case "schemaVersion": framed.schemaVersion = try wholeNumber(&reader)
      case "generation": framed.generation = try wholeNumber(&reader)
      case "length": framed.length = try wholeNumber(&reader)
      default: try reader.skipValue()
      }
    }
    try reader.end()
    guard let payloadRange = framed.payloadRange, let payloadKey = framed.payloadKey else {
      return framed
    }
    guard let length = framed.length else { throw Problem("missing field length") }
    guard let checksum = framed.checksum else { throw Problem("missing field crc32") }
    guard length == payloadRange.count else {
      throw Problem(
        "its \(payloadKey) is \(payloadRange.count) bytes long but its length says \(length)")
    }
    if !checked {
      try verify(bytes, payloadRange, checksum, payloadKey)
      var payloadReader = JSONReader(bytes, range: payloadRange)
      framed.payload = try decode(framed, &payloadReader)
      try payloadReader.end()
    }
    return framed
  }

  /// A whole number; another kind of value is skipped, as if the field were not there.
  private static func wholeNumber(_ reader: inout JSONReader) throws -> Int? {
    guard reader.nextKind() == .number else {
      try reader.skipValue()
      return nil
    }
    return try reader.int()
  }

  /// The result of `decode`, once the checksum of `bytes[range]` is found to be `expected`.
  ///
  /// The checksum is found first, on two threads for a long payload (see
  /// ``CRC32/checksum(_:range:)``), so that damaged bytes are never decoded: computed on a
  /// third thread while the payload is decoded on two, it would take a core from one of them
  /// for part of the time and leave the other idle at the end.
  private static func verifying<Decoded>(
    _ bytes: [UInt8], _ range: Range<Int>, _ expected: UInt32, _ key: String,
    decode: () throws -> Decoded
  ) throws -> Decoded {
    try verify(bytes, range, expected, key)
    return try decode()
  }

  private static func verify(
    _ bytes: [UInt8], _ range: Range<Int>, _ expected: UInt32, _ key: String
  ) throws {
    try check(CRC32.checksum(bytes, range: range), expected, key)
  }

  private static func check(_ actual: UInt32, _ expected: UInt32, _ key: String) throws {
    if actual != expected {
      throw Problem(
        "the checksum of its \(key) is \(CRC32.hex(actual)), not \(CRC32.hex(expected)) as "
          + "written: the bytes were changed after they were written")
    }
  }

  /// A phrase for any error met while reading a file.
  static func describe(_ error: any Error) -> String {
    switch error {
    case let failure as JSONReader.Failure:
      return "not valid JSON: \(failure.description)"
    default:
      return "\(error)"
    }
  }
}
