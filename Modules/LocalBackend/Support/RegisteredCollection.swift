import Foundation
import Models
import Store

/// A read-only description of one collection registered in `StoreFile.collections`, for an
/// engine other than the embedded store that keeps the same records (a database server).
///
/// It gives what such an engine needs without seeing the embedded store's types: the
/// collection's name, the word for one of its records, its seed records as JSON text, and
/// (through ``sorted(_:)``) its order. Records are written and read with ``RecordJSON``, the
/// embedded store's own coding, so both engines keep the same text.
public struct RegisteredCollection: Sendable {
  /// The collection's name, such as `ingredients`: a table's name for a database.
  public let name: String
  /// The word for one record, such as `ingredient`, as ``StoreError/notFound(_:record:)``
  /// names it.
  public let recordName: String
  /// The record type's identity.
  public let recordType: ObjectIdentifier
  private let collection: any AnyRecordCollection

  init(_ collection: any AnyRecordCollection) {
    self.collection = collection
    name = collection.name
    recordName = collection.recordKey
    recordType = collection.recordType
  }

  /// Every registered collection, in the order of their lines.
  public static let all: [RegisteredCollection] = StoreFile.collections.map(
    RegisteredCollection.init)

  /// The collection of `Record`s.
  ///
  /// - Precondition: `Record` is registered in `StoreFile.collections`.
  public static func of<Record: StoredRecord>(_ type: Record.Type) -> RegisteredCollection
  where Record.ID == Int {
    all[StoreFile.collectionIndex(of: type)]
  }

  /// The records `seed` gives this collection, each with its identifier and its JSON text,
  /// in increasing identifier order; none when the seed gives it none.
  public func seedRecords(_ seed: StoreSeed) throws(StoreError) -> [(id: Int, json: String)] {
    try collection.seedJSON(seed)
  }

  /// `records` in the order of their collection (see `RecordOrder`): what
  /// `RecordStore.records(_:)` returns.
  public static func sorted<Record: StoredRecord>(_ records: [Record]) -> [Record]
  where Record.ID == Int {
    records.sorted(by: StoreFile.collection(of: Record.self).order.precedes)
  }
}

/// Writes and reads records as the embedded store does (``RecordCoding``, dates as
/// `Timestamp` text at the millisecond), for engines that keep them as JSON text.
public enum RecordJSON {
  /// The JSON text of `record`, on one line.
  ///
  /// - Throws: ``StoreError/invalidInput(_:)`` when it cannot be written as JSON (a number
  ///   that is not finite).
  public static func text<Record: Encodable>(of record: Record) throws(StoreError) -> String {
    var writer = JSONWriter(capacity: 128)
    do {
      try RecordCoding.write(record, to: &writer, dates: .timestamp)
    } catch {
      throw .invalidInput("The \(Record.self) cannot be saved: \(error)")
    }
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// The record written in `text` (any JSON form of it: fields in any order).
  ///
  /// - Throws: The coding's error naming the field that is missing or wrong.
  public static func record<Record: Decodable>(_ type: Record.Type, from text: String) throws
    -> Record
  {
    var reader = JSONReader(Array(text.utf8))
    return try RecordCoding.read(type, from: &reader, dates: .timestamp)
  }
}

extension RecordCollection {
  func seedJSON(_ seed: StoreSeed) throws(StoreError) -> [(id: Int, json: String)] {
    let records = (seed.records(Record.self) ?? []).sorted { $0.id < $1.id }
    var result: [(id: Int, json: String)] = []
    result.reserveCapacity(records.count)
    for record in records { result.append((record.id, try RecordJSON.text(of: record))) }
    return result
  }
}
