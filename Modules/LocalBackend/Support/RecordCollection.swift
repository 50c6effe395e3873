import Foundation
import Models
import Services
import Store
import Synchronization

/// What a record kept by the store is: a value that is `Codable` (which says how it is
/// written), `Hashable`, `Sendable`, and `Identifiable` by an `Int` (`where Record.ID ==
/// Int`).
public typealias StoredRecord = Codable & Hashable & Sendable & Identifiable

/// One list of records the store keeps: a feature's data, registered by one line in
/// ``StoreFile/collections``.
///
/// A record is any `Codable`, `Hashable`, `Sendable` value that is `Identifiable` by an
/// `Int` (the store gives out the identifiers). The store writes and reads it with
/// ``RecordCoding`` (so the record's own `Codable` conformance says its fields), keeps it
/// in the journal's changes, reports its changes as ``ChangeSet``s, and lets every process
/// that opens the directory read and write it safely. Nothing about the record's fields is
/// written by hand.
///
/// A feature `Ingredients` whose `struct Ingredient: CollectionRecord` (with `collectionName`
/// `ingredients`, an `id`, a `revision`, a `text` and a `createdAt`) is in its Models folder
/// registers its collection with this line in ``StoreFile/collections``:
///
/// ```swift
/// RecordCollection<Ingredient>(),
/// ```
///
/// and gets every operation of `RecordsService` on it, written once for all records
/// (``LocalRecords``): `backend.records(Ingredient.self)` lists, reads, adds, updates and
/// removes ingredients and signals their changes. What is its own (a query, a page) it writes
/// over ``RecordStore``'s generic methods, in a file of its own folder.
///
/// In the snapshot, the collection is the field named after it, one record a line, with the
/// next identifier beside it (`"nextIngredientId": 4`, after the record type's name):
///
/// ```json
///   "nextIngredientId": 4,
///   "ingredients": [
///     {"id": 1, "text": "flour", "createdAt": "2024-03-01T08:00:00Z"},
///     {"id": 3, "text": "salt", "createdAt": "2024-03-01T08:05:12.250Z"}
///   ]
/// ```
///
/// and its journal changes are `{"type": "addIngredient", "ingredient": {…}}`,
/// `updateIngredient` (with `ingredient`), `removeIngredient` (with `id`) and
/// `saveIngredients` (with `ingredients`, a list of records to add or replace). Dates are
/// written as in the HTTP API, at the millisecond (see `Timestamp`); the store keeps every
/// record as it reads back from its text.
///
/// A record type that is also `RecordFieldsDecodable` (worth it for a collection of a hundred
/// thousand records) is read straight from its fields when its text is as the store writes
/// it, without `Decodable`'s keyed containers; any other text is read through its `Codable`
/// conformance as before, to the same record.
///
/// A store whose file has no field for a collection (written before the feature existed)
/// opens with the collection empty: adding a feature needs no migration. A collection the
/// file has and the code does not (a feature of another app on the same directory) is kept
/// as written and written back, so removing a feature loses none of its records.
public struct RecordCollection<Record: StoredRecord>: Sendable
where Record.ID == Int {
  /// The collection's field in the snapshot, such as `ingredients`.
  public let name: String
  /// The order the store keeps the records in, which lists and change sets use.
  public let order: RecordOrder<Record>
  /// The records a new data directory starts with (``StoreSeed/demo``).
  let seed: @Sendable () -> [Record]
  /// The record type's name, such as `Ingredient`, in the changes' and fields' names.
  let recordName: String

  /// Registers the records of type `Record` under `name`, kept in `order`, starting as
  /// `seed` in a new data directory.
  public init(
    _ name: String, order: RecordOrder<Record> = .oldestFirst,
    seed: @escaping @Sendable () -> [Record] = { [] }
  ) {
    self.name = name
    self.order = order
    self.seed = seed
    // The type's own name, as `String(describing:)` gives it; asked for directly, since that
    // first looks for a description among every conformance of the program, which took an
    // eighth of a command's start.
    recordName = _typeName(Record.self, qualified: false)
  }
}

extension RecordCollection where Record: CollectionRecord {
  /// Registers the records of type `Record` under their `collectionName`, kept in `order`,
  /// starting as `seed` in a new data directory.
  public init(
    order: RecordOrder<Record> = .oldestFirst, seed: @escaping @Sendable () -> [Record] = { [] }
  ) {
    self.init(Record.collectionName, order: order, seed: seed)
  }
}

/// The order of a collection's records.
public enum RecordOrder<Record: Identifiable & Sendable>: Sendable where Record.ID == Int {
  /// By increasing identifier: in the order they were added.
  case oldestFirst
  /// By decreasing identifier: the last added first.
  case newestFirst
  /// By `areInIncreasingOrder`, then by identifier.
  case by(@Sendable (Record, Record) -> Bool)

  /// Whether `a` comes before `b`.
  func precedes(_ a: Record, _ b: Record) -> Bool {
    switch self {
    case .oldestFirst: return a.id < b.id
    case .newestFirst: return a.id > b.id
    case .by(let areInIncreasingOrder):
      if areInIncreasingOrder(a, b) { return true }
      if areInIncreasingOrder(b, a) { return false }
      return a.id < b.id
    }
  }

  /// Whether the order is by increasing identifier.
  var isAscending: Bool {
    if case .oldestFirst = self { return true }
    return false
  }

  /// Whether the order is by decreasing identifier.
  var isNewestFirst: Bool {
    if case .newestFirst = self { return true }
    return false
  }

  /// Whether the order is by identifier alone, so that an identifier finds its record by
  /// binary search.
  var isByIdentifier: Bool {
    if case .by = self { return false }
    return true
  }
}

// MARK: - Type-erased views, for the list of collections

/// A ``RecordCollection`` of any record type.
protocol AnyRecordCollection: Sendable {
  var name: String { get }
  var recordType: ObjectIdentifier { get }
  /// The snapshot's field of the next identifier, such as `nextNoteId`.
  var nextIdKey: String { get }
  /// The word for one record, such as `note`.
  var recordKey: String { get }
  /// The seed's records of the collection as JSON text, by increasing identifier.
  func seedJSON(_ seed: StoreSeed) throws(StoreError) -> [(id: Int, json: String)]
  /// The `type`s of its journal changes.
  var changeTypes: [String] { get }
  func emptyList() -> any AnyRecordList
  func seededList(_ seed: StoreSeed) -> any AnyRecordList
  func seedRecords() -> SeedRecords
  func readList(_ reader: inout JSONReader, nextId: Int?) throws -> any AnyRecordList
  func readChange(type: String, fields: [(key: String, value: JSONReader)]) throws
    -> any AnyRecordChange
}

/// The records of one collection in a state of the store.
protocol AnyRecordList: Sendable {
  var count: Int { get }
  var nextId: Int { get }
  func write(to writer: inout JSONWriter)
  func inconsistency() -> String?
  func isEqual(to other: any AnyRecordList) -> Bool
  /// How the records changed since `old`, a state of the same collection.
  func changes(since old: any AnyRecordList) -> ChangeSet
  mutating func apply(_ change: any AnyRecordChange) throws
  /// Makes the next identifier at least `nextId`.
  mutating func raiseNextId(to nextId: Int)
}

/// A change to one collection, for the journal.
protocol AnyRecordChange: Sendable {
  var collectionName: String { get }
  func write(to writer: inout JSONWriter)
  func isEqual(to other: any AnyRecordChange) -> Bool
}

/// How a store writes dates: as `Timestamp` text, at the millisecond, as the HTTP API does;
/// read from the bytes of the text in place, by the store's reader itself when they are as
/// `Timestamp` writes them (its layout), by `Timestamp` otherwise.
extension StoreDateFormat {
  static let timestamp = StoreDateFormat(
    text: { date in Timestamp.text(date) }, parse: { utf8 in Timestamp.parse(utf8: utf8) },
    example: "2024-03-01T08:00:00Z", layout: .iso8601Milliseconds)
}

/// Distinguishes the histories of lists: a list read from a file starts a new one, which
/// its changes continue (see ``RecordList/changes(since:)``).
private let lineages = Atomic<Int>(0)

extension RecordCollection: AnyRecordCollection {
  var recordType: ObjectIdentifier { ObjectIdentifier(Record.self) }
  var nextIdKey: String { "next\(recordName)Id" }
  /// The field of one record in a change, such as `note`.
  var recordKey: String { recordName.prefix(1).lowercased() + recordName.dropFirst() }
  var addType: String { "add" + recordName }
  var updateType: String { "update" + recordName }
  var removeType: String { "remove" + recordName }
  var saveType: String { "save" + name.prefix(1).uppercased() + name.dropFirst() }
  var changeTypes: [String] { [addType, updateType, removeType, saveType] }

  func emptyList() -> any AnyRecordList {
    RecordList(collection: self, records: [], nextId: 1)
  }

  func seededList(_ seed: StoreSeed) -> any AnyRecordList {
    list(seed.records(Record.self) ?? [], nextId: nil)
  }

  func seedRecords() -> SeedRecords {
    SeedRecords(seed())
  }

  /// A list of `records` in any order, stored as they read back from their text.
  func list(_ records: [Record], nextId: Int?) -> RecordList<Record> {
    var list = RecordList(
      collection: self,
      records: records.map { (try? RecordCoding.roundTrip($0, dates: .timestamp)) ?? $0 },
      nextId: nextId ?? 1)
    list.normalize()
    return list
  }

  func readList(_ reader: inout JSONReader, nextId: Int?) throws -> any AnyRecordList {
    let name = self.name
    let read: @Sendable (RecordCoding.Reader, inout JSONReader) throws -> Record
    if let fields = Record.self as? any (RecordFieldsDecodable & Sendable).Type {
      // Straight from the fields when the text is as written.
      read = Self.fieldsReader(fields)
    } else {
      read = { records, reader in try records.read(Record.self, from: &reader) }
    }
    let (records, parts) = try reader.array(
      oneElementALine: { (part: inout ListPart, index, reader) in
        do {
          let record = try read(part.records, &reader)
          // Read here, on the thread that made the record: read later, from the list, each
          // record would be copied (see ``RecordList/identifiers()``).
          part.ids.append(record.id)
          return record
        } catch {
          throw RecordCoding.locate(error, at: "\(name)[\(index)]")
        }
      }, part: { ListPart(records: RecordCoding.Reader(dates: .timestamp)) })
    var list = RecordList(collection: self, records: records, nextId: nextId ?? 1)
    list.normalize(ids: parts.count == 1 ? parts[0].ids : parts.flatMap(\.ids))
    return list
  }

  /// Reads a `Record`, which is `Fields`, with ``RecordCoding/Reader``'s reading of a
  /// ``RecordFieldsDecodable`` value.
  private static func fieldsReader<Fields: RecordFieldsDecodable & Sendable>(
    _ type: Fields.Type
  )
    -> @Sendable (RecordCoding.Reader, inout JSONReader) throws -> Record
  {
    { records, reader in
      // `Fields` is `Record`: the cast changes no bits.
      unsafeBitCast(try records.read(Fields.self, from: &reader), to: Record.self)
    }
  }

  func readChange(type: String, fields: [(key: String, value: JSONReader)]) throws
    -> any AnyRecordChange
  {
    func field(_ key: String) throws -> JSONReader {
      guard let reader = fields.first(where: { $0.key == key })?.value else {
        throw RecordCoding.Problem(path: key, message: nil)
      }
      return reader
    }
    func record(_ key: String) throws -> Record {
      var reader = try field(key)
      do {
        return try RecordCoding.read(Record.self, from: &reader, dates: .timestamp)
      } catch {
        throw RecordCoding.locate(error, at: key)
      }
    }
    switch type {
    case addType: return RecordChange(collection: self, kind: .add(try record(recordKey)))
    case updateType: return RecordChange(collection: self, kind: .update(try record(recordKey)))
    case removeType:
      var reader = try field("id")
      do {
        return RecordChange(collection: self, kind: .remove(id: try reader.int()))
      } catch {
        throw RecordCoding.locate(error, at: "id")
      }
    default:
      var reader = try field(name)
      var records: [Record] = []
      do {
        try reader.array { reader in
          records.append(try RecordCoding.read(Record.self, from: &reader, dates: .timestamp))
        }
      } catch {
        throw RecordCoding.locate(error, at: "\(name)[\(records.count)]")
      }
      return RecordChange(collection: self, kind: .save(records))
    }
  }
}

/// What each thread that reads a long list keeps: its reader of records, and the identifiers
/// of the records it read, in order.
struct ListPart {
  var records: RecordCoding.Reader
  var ids: [Int] = []
}

/// The records a seed gives one collection.
struct SeedRecords: Hashable, @unchecked Sendable {
  // Holds only `[Record]` of a `Sendable` record type (see `init`).
  let records: AnyHashable

  init<Record: Hashable & Sendable>(_ records: [Record]) {
    self.records = AnyHashable(records)
  }
}

/// A change to the records of one collection.
struct RecordChange<Record: StoredRecord>: AnyRecordChange
where Record.ID == Int {
  enum Kind: Hashable, Sendable {
    case add(Record)
    case update(Record)
    case remove(id: Int)
    /// Records to add or replace.
    case save([Record])
  }

  let collection: RecordCollection<Record>
  let kind: Kind

  var collectionName: String { collection.name }

  func write(to writer: inout JSONWriter) {
    func record(_ record: Record) {
      // Records are checked when they are made (see `LocalStore.storable`): this cannot fail.
      do {
        try RecordCoding.write(record, to: &writer, dates: .timestamp)
      } catch {
        writer.raw("null")
      }
    }
    writer.raw("{")
    writer.key("type")
    switch kind {
    case .add(let added):
      writer.string(collection.addType)
      writer.raw(", ")
      writer.key(collection.recordKey)
      record(added)
    case .update(let updated):
      writer.string(collection.updateType)
      writer.raw(", ")
      writer.key(collection.recordKey)
      record(updated)
    case .remove(let id):
      writer.string(collection.removeType)
      writer.raw(", ")
      writer.key("id")
      writer.int(id)
    case .save(let records):
      writer.string(collection.saveType)
      writer.raw(", ")
      writer.key(collection.name)
      writer.raw("[")
      for (index, saved) in records.enumerated() {
        if index > 0 { writer.raw(", ") }
        record(saved)
      }
      writer.raw("]")
    }
    writer.raw("}")
  }

  func isEqual(to other: any AnyRecordChange) -> Bool {
    guard let other = other as? Self else { return false }
    return collection.name == other.collection.name && kind == other.kind
  }
}

/// A change that does not fit the data (a damaged or edited journal).
struct StoreMismatch: Error, CustomStringConvertible {
  var description: String
}

/// The records of one collection, in the collection's order, with the identifiers of the
/// records changed since the list was read: a change set between two states of one history
/// looks only at those.
struct RecordList<Record: StoredRecord>: AnyRecordList
where Record.ID == Int {
  let collection: RecordCollection<Record>
  var records: [Record] {
    didSet { idsChecked = false }
  }
  var nextId: Int
  /// Whether ``normalize()`` found the identifiers in order and each one once, and the
  /// records have not changed since: ``inconsistency()`` then has nothing to look for.
  var idsChecked = false
  /// The history the list belongs to: a list read from a file starts a new one.
  var lineage = lineages.wrappingAdd(1, ordering: .relaxed).newValue
  /// How many identifiers were dropped from the front of `log`.
  var logStart = 0
  /// The identifiers of the records changed, in the order of the changes.
  var log: [Int] = []

  var count: Int { records.count }
  var logEnd: Int { logStart + log.count }

  /// Sorts the records if they are not in order, and makes the next identifier larger than
  /// every one in use. Cheap when the order is already right.
  ///
  /// `ids`, when given, are the records' identifiers in order, gathered as they were read.
  mutating func normalize(ids known: [Int]? = nil) {
    let order = collection.order
    var checked = false
    if order.isByIdentifier {
      // Only the identifiers, in a list of their own: a loop over them costs little.
      let ids = known ?? identifiers()
      switch Self.order(of: ids, ascending: order.isAscending) {
      case .strict: checked = true
      case .withRepeats: break
      case .none: records.sort(by: order.precedes)
      }
    } else if !isSortedByOrder() {
      records.sort(by: order.precedes)
    }
    idsChecked = checked
    var largest = 0
    switch order {
    case .oldestFirst: largest = records.last?.id ?? 0
    case .newestFirst: largest = records.first?.id ?? 0
    case .by: for record in records { largest = max(largest, record.id) }
    }
    nextId = max(nextId, largest + 1)
  }

  /// The records' identifiers, in order. (Each record is copied to read its identifier, which
  /// retains and releases its strings: ``normalize()`` keeps what it learns from them for
  /// ``inconsistency()``.)
  private func identifiers() -> [Int] {
    // An empty array is the standard library's shared empty storage, which the initializer
    // below would write its count to, racing with every other thread that reads it.
    guard !records.isEmpty else { return [] }
    return records.withUnsafeBufferPointer { records in
      [Int](unsafeUninitializedCapacity: records.count) { ids, count in
        for index in records.indices {
          ids.initializeElement(at: index, to: records[index].id)
        }
        count = records.count
      }
    }
  }

  /// How `ids` are ordered.
  private enum IdentifierOrder {
    /// Increasing (or decreasing), each one once.
    case strict
    /// In order, some repeated, which ``inconsistency()`` reports.
    case withRepeats
    /// Not in order.
    case none
  }

  private static func order(of ids: [Int], ascending: Bool) -> IdentifierOrder {
    var repeats = false
    for index in ids.indices.dropFirst() {
      let (before, here) = (ids[index - 1], ids[index])
      if before == here {
        repeats = true
      } else if (before < here) != ascending {
        return .none
      }
    }
    return repeats ? .withRepeats : .strict
  }

  private func isSortedByOrder() -> Bool {
    guard records.count > 1 else { return true }
    let order = collection.order
    for index in 1..<records.count where order.precedes(records[index], records[index - 1]) {
      return false
    }
    return true
  }

  mutating func raiseNextId(to nextId: Int) {
    self.nextId = max(self.nextId, nextId)
  }

  func write(to writer: inout JSONWriter) {
    writer.raw("[")
    for (index, record) in records.enumerated() {
      writer.raw(index == 0 ? "\n    " : ",\n    ")
      do {
        try RecordCoding.write(record, to: &writer, dates: .timestamp)
      } catch {
        writer.raw("null")
      }
    }
    writer.raw(records.isEmpty ? "]" : "\n  ]")
  }

  func inconsistency() -> String? {
    if idsChecked { return nil }
    if collection.order.isByIdentifier {
      // Sorted by identifier: a repeated one is next to itself.
      let ids = identifiers()
      guard ids.count > 1 else { return nil }
      for index in 1..<ids.count where ids[index - 1] == ids[index] {
        return "two \(collection.name) have the identifier \(ids[index])"
      }
      return nil
    }
    var seen = Set<Int>(minimumCapacity: records.count)
    for record in records where !seen.insert(record.id).inserted {
      return "two \(collection.name) have the identifier \(record.id)"
    }
    return nil
  }

  func isEqual(to other: any AnyRecordList) -> Bool {
    guard let other = other as? Self else { return false }
    return records == other.records && nextId == other.nextId
  }

  /// Where the record with identifier `id` is, or `nil`.
  func index(of id: Int) -> Int? {
    switch collection.order {
    case .oldestFirst, .newestFirst:
      let ascending = collection.order.isAscending
      var low = records.startIndex
      var high = records.endIndex
      while low < high {
        let middle = (low + high) / 2
        let here = records[middle].id
        if here == id { return middle }
        if (here < id) == ascending { low = middle + 1 } else { high = middle }
      }
      return nil
    case .by:
      return records.firstIndex { $0.id == id }
    }
  }

  /// Inserts `record` at its place in the order, by binary search.
  mutating func insertSorted(_ record: Record) {
    let order = collection.order
    var low = records.startIndex
    var high = records.endIndex
    while low < high {
      let middle = (low + high) / 2
      if order.precedes(record, records[middle]) { high = middle } else { low = middle + 1 }
    }
    records.insert(record, at: low)
  }

  mutating func apply(_ change: any AnyRecordChange) throws {
    guard let change = change as? RecordChange<Record> else {
      throw StoreMismatch(
        description: "a change of \(change.collectionName) given to \(collection.name)")
    }
    let name = collection.recordKey
    switch change.kind {
    case .add(let record):
      // No record has an identifier from `nextId` on (`normalize()` and every change keep it
      // past the largest in use), so a new one needs no look-up: in a list in another order
      // than by identifier, that look-up would be a scan of every record.
      guard record.id >= nextId || index(of: record.id) == nil else {
        throw StoreMismatch(description: "a \(name) with the identifier \(record.id) exists")
      }
      insertSorted(record)
      nextId = max(nextId, record.id + 1)
      logChange(record.id)
    case .update(let record):
      guard let index = index(of: record.id) else {
        throw StoreMismatch(description: "no \(name) has the identifier \(record.id)")
      }
      records.remove(at: index)
      insertSorted(record)
      logChange(record.id)
    case .remove(let id):
      guard let index = index(of: id) else {
        throw StoreMismatch(description: "no \(name) has the identifier \(id)")
      }
      records.remove(at: index)
      logChange(id)
    case .save(let saved):
      save(saved)
    }
  }

  /// Adds or replaces `saved`, keeping the order.
  private mutating func save(_ saved: [Record]) {
    var byId = [Int: Record](minimumCapacity: saved.count)
    for record in saved { byId[record.id] = record }
    let order = collection.order
    let sortedNew = byId.values.sorted(by: order.precedes)
    let nothingStored = sortedNew.allSatisfy { index(of: $0.id) == nil }
    if nothingStored, let last = sortedNew.last,
      records.first.map({ order.precedes(last, $0) }) ?? true
    {
      // All new and all before the first record (newer records of a newest-first list).
      records.insert(contentsOf: sortedNew, at: 0)
    } else if nothingStored, let first = sortedNew.first,
      records.last.map({ order.precedes($0, first) }) ?? true
    {
      records.append(contentsOf: sortedNew)
    } else {
      for record in sortedNew {
        if let index = index(of: record.id) {
          if order.isByIdentifier {
            records[index] = record
            continue
          }
          records.remove(at: index)
        }
        insertSorted(record)
      }
    }
    for record in sortedNew {
      nextId = max(nextId, record.id + 1)
      logChange(record.id)
    }
  }

  private mutating func logChange(_ id: Int) {
    log.append(id)
    if log.count > max(4096, 2 * records.count) {
      let dropped = log.count / 2
      log.removeFirst(dropped)
      logStart += dropped
    }
  }

  func changes(since old: any AnyRecordList) -> ChangeSet {
    guard let old = old as? Self else {
      return ChangeSet.compute(old: [Record](), new: records)
    }
    guard old.lineage == lineage, old.logEnd <= logEnd, logStart <= old.logEnd else {
      // Different histories (a store read again from its file): compare every record.
      return ChangeSet.compute(old: old.records, new: records)
    }
    let changed = log[(old.logEnd - logStart)...]
    if changed.isEmpty { return .empty }
    guard collection.order.isByIdentifier else {
      // Records may have moved: compare them all.
      return ChangeSet.compute(old: old.records, new: records)
    }
    var deletions: [Int] = []
    var insertions: [Int] = []
    var modifications: [Int] = []
    for id in Set(changed) {
      switch (old.index(of: id), index(of: id)) {
      case (let before?, let after?):
        if old.records[before] != records[after] { modifications.append(after) }
      case (let before?, nil): deletions.append(before)
      case (nil, let after?): insertions.append(after)
      case (nil, nil): break
      }
    }
    return ChangeSet(
      deletions: deletions.sorted(), insertions: insertions.sorted(),
      modifications: modifications.sorted())
  }
}
