import Foundation
import Store
import Testing

/// A small schema for the store's tests: notes (text by key), at version 2.
///
/// Version 1 kept the notes as a list of `[key, text]` pairs (`{"pairs": [["a", "x"]]}`) and
/// its changes as `{"set": ["a", "x"]}` or `{"remove": "a"}`; version 2 keeps an object of
/// notes (`{"notes": {"a": "x"}}`) and changes as `{"key": "a", "text": "x"}` (no text:
/// remove).
enum NotesSchema: StoreSchema {
  typealias State = [String: String]

  struct Change: Sendable, Equatable {
    var key: String
    var text: String?
  }

  static let version = 2

  static var migrations: [StoreMigration] {
    [
      StoreMigration(
        from: 1,
        state: { data in
          guard case .array(let pairs)? = data["pairs"] else {
            throw MigrationFailure("missing field pairs")
          }
          var fields: [JSONValue.Field] = []
          for pair in pairs {
            guard case .array(let parts) = pair, parts.count == 2, case .string(let key) = parts[0]
            else { throw MigrationFailure("a pair is not [key, text]") }
            fields.append(JSONValue.Field(key, parts[1]))
          }
          data = .object([JSONValue.Field("notes", .object(fields))])
        },
        change: { change in
          if case .array(let parts)? = change["set"], parts.count == 2 {
            change = .object([JSONValue.Field("key", parts[0]), JSONValue.Field("text", parts[1])])
          } else if let key = change["remove"] {
            change = .object([JSONValue.Field("key", key)])
          } else {
            throw MigrationFailure("unknown change")
          }
        })
    ]
  }

  struct Unknown: Error, CustomStringConvertible {
    var description: String
  }

  static func encode(_ state: State, to writer: inout JSONWriter) {
    writer.raw("{\"notes\": {")
    for (index, key) in state.keys.sorted().enumerated() {
      writer.raw(index == 0 ? "\n  " : ",\n  ")
      writer.key(key)
      writer.string(state[key]!)
    }
    writer.raw("}}")
  }

  static func decodeState(from reader: inout JSONReader) throws -> State {
    var notes: State?
    try reader.object { reader, key in
      guard key == "notes" else { return try reader.skipValue() }
      var found: State = [:]
      try reader.object { reader, key in found[key] = try reader.string() }
      notes = found
    }
    guard let notes else { throw Unknown(description: "missing field notes") }
    return notes
  }

  static func encode(_ change: Change, to writer: inout JSONWriter) {
    writer.raw("{")
    writer.key("key")
    writer.string(change.key)
    if let text = change.text {
      writer.raw(", ")
      writer.key("text")
      writer.string(text)
    }
    writer.raw("}")
  }

  static func decodeChange(from reader: inout JSONReader) throws -> Change {
    var key: String?
    var text: String?
    try reader.object { reader, name in
      switch name {
      case "key": key = try reader.string()
      case "text": text = try reader.string()
      default: try reader.skipValue()
      }
    }
    guard let key else { throw Unknown(description: "missing field key") }
    return Change(key: key, text: text)
  }

  static func apply(_ change: Change, to state: inout State) throws {
    if let text = change.text {
      state[change.key] = text
    } else {
      guard state.removeValue(forKey: change.key) != nil else {
        throw Unknown(description: "no note \(change.key)")
      }
    }
  }
}

typealias NotesStore = JournalStore<NotesSchema>

extension JournalStore where Schema == NotesSchema {
  /// Opens the notes store `notes` in `directory`, starting with one note.
  static func open(_ directory: URL, options: StoreOptions = StoreOptions()) throws -> NotesStore {
    try NotesStore(
      directory: directory, name: "notes", options: options, initialState: { ["first": "1"] })
  }

  /// Sets (or, with `nil`, removes) a note.
  func set(_ key: String, _ text: String?) throws {
    try write { (_: NotesSchema.State) throws(StorageError) in
      (change: NotesSchema.Change(key: key, text: text), result: ())
    }
  }

  /// The notes now.
  func notes() throws -> [String: String] {
    try read { (state: NotesSchema.State, _: Int) throws(StorageError) in state }
  }

  /// The generation now.
  func generation() throws -> Int {
    try read { (_: NotesSchema.State, generation: Int) throws(StorageError) in generation }
  }
}

/// Creates a fresh directory for one test and removes it afterwards.
func withDirectory<Result>(_ body: (URL) throws -> Result) throws -> Result {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("store-tests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: url) }
  return try body(url)
}

extension URL {
  /// The file's bytes.
  func bytes() throws -> [UInt8] {
    Array(try Data(contentsOf: self))
  }

  /// The file's text.
  func text() throws -> String {
    String(decoding: try bytes(), as: UTF8.self)
  }

  /// Replaces the file's bytes.
  func write(_ bytes: [UInt8]) throws {
    try Data(bytes).write(to: self)
  }

  /// The bytes before the first zero byte: a journal's records, without the zeros written in
  /// advance after them.
  func records() throws -> [UInt8] {
    let bytes = try self.bytes()
    return Array(bytes.prefix { $0 != 0 })
  }

  /// The text of ``records()``.
  func recordsText() throws -> String {
    String(decoding: try records(), as: UTF8.self)
  }

  /// Writes `bytes` over the file's first zero byte and those after it, as a write into the
  /// space a journal has in advance does; the file grows only if they do not fit.
  func writeAtLogicalEnd(_ bytes: [UInt8]) throws {
    let offset = try records().count
    let handle = try FileHandle(forWritingTo: self)
    defer { try? handle.close() }
    try handle.seek(toOffset: UInt64(offset))
    try handle.write(contentsOf: Data(bytes))
  }

  /// Adds bytes at the end of the file.
  func append(_ bytes: [UInt8]) throws {
    let handle = try FileHandle(forWritingTo: self)
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(bytes))
  }
}

/// The error `body` throws as a ``StorageError``, or `nil` (recorded as an issue).
func storageError(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> StorageError? {
  do {
    try body()
    Issue.record("no error was thrown", sourceLocation: sourceLocation)
  } catch let error as StorageError {
    return error
  } catch {
    Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
  }
  return nil
}
