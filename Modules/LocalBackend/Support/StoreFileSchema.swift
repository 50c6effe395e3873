import Cryptography
import Foundation
import Models
import Store

/// The app's data in a ``JournalStore``: its state (``StoreFile``), its changes, and their
/// JSON text.
///
/// The snapshot's `data` is one JSON object: the account's fields, then each collection's
/// next identifier and records (see ``RecordCollection``), one record a line, so that it
/// reads well and compares well line by line:
///
/// ```json
/// {
///   "account": {"email": "ada@example.com", "displayName": "Ada"},
///   "passwordHash": "pbkdf2-sha256$600000$<salt, base64>$<hash, base64>",
///   "loggedIn": false,
///   "nextNoteId": 3,
///   "notes": [
///     {"id": 1, "text": "…"},
///     {"id": 2, "text": "…"}
///   ]
/// }
/// ```
///
/// A journal change is one object naming its `type`: `{"type": "logIn"}`, `{"type":
/// "logOut"}`, or a collection's change (`addNote`, `updateNote`, `removeNote`,
/// `saveNotes`, see ``RecordCollection``).
///
/// Readers accept the fields in any order. A field they do not know (the collection of a
/// feature this app does not have, written by another app on the same directory or by a
/// later version of this one) is kept as written and written back after the collections, so
/// that no app loses another's records when it writes the snapshot again. The account's
/// fields are required; a collection missing from the file is empty. The text is written and
/// read with ``JSONWriter``, ``JSONReader`` and ``RecordCoding`` rather than with
/// `JSONEncoder`/`JSONDecoder`, which are several times slower on large files.
///
/// Version 1 was the single file of the store before it had a journal: the same object with
/// `schemaVersion` and `generation` in it. Version 2 moved those two into the snapshot's
/// envelope; the migration from version 1 removes them from the data. Version 2 kept the
/// account's password in plain text in `password`; version 3 keeps only `passwordHash`
/// (see `PasswordHash`), and the migration from version 2 hashes the old password with a
/// new random salt and the full iteration count.
enum StoreFileSchema: StoreSchema {
  /// One change to the data.
  enum Change: Equatable, Sendable {
    case logIn
    case logOut
    /// A change to the records of one collection.
    case records(any AnyRecordChange)

    static func == (a: Change, b: Change) -> Bool {
      switch (a, b) {
      case (.logIn, .logIn), (.logOut, .logOut): return true
      case (.records(let a), .records(let b)): return a.isEqual(to: b)
      default: return false
      }
    }

    /// Adds `record` to its collection.
    static func add<Record: StoredRecord>(_ record: Record) -> Change where Record.ID == Int {
      .records(RecordChange(collection: StoreFile.collection(of: Record.self), kind: .add(record)))
    }

    /// Replaces the record with `record.id` in its collection.
    static func update<Record: StoredRecord>(_ record: Record) -> Change where Record.ID == Int {
      .records(
        RecordChange(collection: StoreFile.collection(of: Record.self), kind: .update(record)))
    }

    /// Removes the `Record` with identifier `id`.
    static func remove<Record: StoredRecord>(_ type: Record.Type, id: Int) -> Change
    where Record.ID == Int {
      .records(RecordChange(collection: StoreFile.collection(of: type), kind: .remove(id: id)))
    }

    /// Adds or replaces `records` in their collection.
    static func save<Record: StoredRecord>(_ records: [Record]) -> Change where Record.ID == Int {
      .records(
        RecordChange(collection: StoreFile.collection(of: Record.self), kind: .save(records)))
    }
  }

  static let version = 3
  /// The first version that keeps a password hash instead of the password.
  static let passwordHashVersion = 3

  static var migrations: [StoreMigration] {
    [
      StoreMigration(from: 1) { data in
        data["schemaVersion"] = nil
        data["generation"] = nil
      },
      StoreMigration(from: 2) { data in
        guard case .string(let password)? = data["password"] else {
          throw MigrationFailure("missing field password")
        }
        let hash = PasswordHash.make(password: password)
        data["password"] = nil
        data["passwordHash"] = .string(hash.encoded)
      },
    ]
  }

  // MARK: - Applying

  static func apply(_ change: Change, to file: inout StoreFile) throws {
    switch change {
    case .logIn: file.loggedIn = true
    case .logOut: file.loggedIn = false
    case .records(let change):
      guard
        let index = StoreFile.collections.firstIndex(where: { $0.name == change.collectionName })
      else {
        throw StoreMismatch(description: "no collection is named \(change.collectionName)")
      }
      try file.lists[index].apply(change)
    }
  }

  static func inconsistency(in file: StoreFile) -> String? {
    file.inconsistency()
  }

  // MARK: - Writing

  static func encode(_ file: StoreFile, to writer: inout JSONWriter) {
    writer.raw("{\n  ")
    writer.key("account")
    writer.raw("{")
    writer.key("email")
    writer.string(file.account.email)
    writer.raw(", ")
    writer.key("displayName")
    writer.string(file.account.displayName)
    writer.raw("},\n  ")
    writer.key("passwordHash")
    writer.string(file.passwordHash.encoded)
    writer.raw(",\n  ")
    writer.key("loggedIn")
    writer.bool(file.loggedIn)
    for (collection, list) in zip(StoreFile.collections, file.lists) {
      writer.raw(",\n  ")
      writer.key(collection.nextIdKey)
      writer.int(list.nextId)
      writer.raw(",\n  ")
      writer.key(collection.name)
      list.write(to: &writer)
    }
    for field in file.otherFields {
      writer.raw(",\n  ")
      writer.key(field.name)
      writer.raw(bytes: field.value)
    }
    writer.raw("\n}")
  }

  static func encode(_ change: Change, to writer: inout JSONWriter) {
    switch change {
    case .logIn: writer.raw("{\"type\": \"logIn\"}")
    case .logOut: writer.raw("{\"type\": \"logOut\"}")
    case .records(let change): change.write(to: &writer)
    }
  }

  // MARK: - Reading

  /// Reads one field's value, naming the field when the value is of the wrong kind.
  static func field<Value>(
    _ path: @autoclosure () -> String, _ reader: inout JSONReader,
    _ read: (inout JSONReader) throws -> Value
  ) throws -> Value {
    do {
      return try read(&reader)
    } catch {
      throw RecordCoding.locate(error, at: path())
    }
  }

  static func required<Value>(_ value: Value?, _ path: @autoclosure () -> String) throws
    -> Value
  {
    guard let value else { throw RecordCoding.Problem(path: path(), message: nil) }
    return value
  }

  /// The collections by the snapshot's fields: their records and their next identifiers.
  private static let fields: [String: (index: Int, isNextId: Bool)] = {
    var fields: [String: (index: Int, isNextId: Bool)] = [:]
    for (index, collection) in StoreFile.collections.enumerated() {
      fields[collection.name] = (index, false)
      fields[collection.nextIdKey] = (index, true)
    }
    return fields
  }()

  static func decodeState(from reader: inout JSONReader) throws -> StoreFile {
    var account: Account?
    var passwordHash: PasswordHash?
    var loggedIn: Bool?
    let collections = StoreFile.collections
    var lists = [(any AnyRecordList)?](repeating: nil, count: collections.count)
    var nextIds = [Int?](repeating: nil, count: collections.count)
    var otherFields: [StoreFile.OtherField] = []
    try reader.object { reader, key in
      switch key {
      case "passwordHash":
        let text = try field(key, &reader) { try $0.string() }
        do {
          passwordHash = try PasswordHash(encoded: text)
        } catch {
          throw RecordCoding.Problem(path: "passwordHash", message: "\(error)")
        }
      case "loggedIn": loggedIn = try field(key, &reader) { try $0.bool() }
      case "account":
        account = try field(key, &reader) { reader in
          try RecordCoding.read(Account.self, from: &reader)
        }
      default:
        guard let (index, isNextId) = fields[key] else {
          // Another feature's collection, or a field of a later version: kept as written.
          let value = try field(key, &reader) { try $0.valueText() }
          otherFields.removeAll { $0.name == key }
          otherFields.append(StoreFile.OtherField(name: key, value: value))
          return
        }
        if isNextId {
          nextIds[index] = try field(key, &reader) { try $0.int() }
        } else {
          lists[index] = try collections[index].readList(&reader, nextId: nil)
        }
      }
    }
    var file = StoreFile(
      account: try required(account, "account"),
      passwordHash: try required(passwordHash, "passwordHash"),
      loggedIn: try required(loggedIn, "loggedIn"))
    file.otherFields = otherFields
    for index in collections.indices {
      // A collection the file does not have (it was added since) is empty.
      var list = lists[index] ?? file.lists[index]
      if let nextId = nextIds[index] { list.raiseNextId(to: nextId) }
      file.lists[index] = list
    }
    return file
  }

  static func decodeChange(from reader: inout JSONReader) throws -> Change {
    var type: String?
    var fields: [(key: String, value: JSONReader)] = []
    try reader.object { reader, key in
      if key == "type", type == nil {
        type = try field(key, &reader) { try $0.string() }
      } else {
        fields.append((key, reader))
        try reader.skipValue()
      }
    }
    switch try required(type, "type") {
    case "logIn": return .logIn
    case "logOut": return .logOut
    case let type:
      guard let collection = StoreFile.collections.first(where: { $0.changeTypes.contains(type) })
      else {
        throw StoreMismatch(
          description: "unknown change type \"\(type)\": a change of a feature this app does "
            + "not have, written by another app or version on the same data directory")
      }
      return .records(try collection.readChange(type: type, fields: fields))
    }
  }
}
