import Models

/// Where features' records are kept, whichever engine keeps them: ``LocalStore`` (the
/// embedded store, in a directory) or a database server.
///
/// The operations every collection has are written once for all records, over these generic
/// operations (`add(_:)` and `update(_:overwriting:)` from a draft); what is a feature's own
/// (a query, a page) is an extension of this protocol in the feature's folder. The server's
/// handlers call them on `any RecordStore` and do not know which engine answers.
/// Every collection a store keeps is registered in `StoreFile.collections`.
///
/// Every method may be called from any thread and throws a ``StoreError``: a record that is
/// not there, input that breaks a rule, or a failure of the engine (which names the problem
/// and loses nothing).
public protocol RecordStore: Sendable {
  /// The records of type `Record`, in their collection's order.
  func records<Record: StoredRecord>(_ type: Record.Type) throws(StoreError) -> [Record]
  where Record.ID == Int

  /// The record of type `Record` with identifier `id`.
  ///
  /// - Throws: ``StoreError/notFound(_:record:)`` when there is none.
  func record<Record: StoredRecord>(_ type: Record.Type, id: Int) throws(StoreError) -> Record
  where Record.ID == Int

  /// Adds the record `make` returns for the next identifier of its collection; identifiers
  /// are never given out again.
  ///
  /// - Returns: The record as stored.
  /// - Throws: What `make` throws, or ``StoreError/invalidInput(_:)``; nothing changes.
  @discardableResult
  func add<Record: StoredRecord>(_ make: (_ id: Int) throws(StoreError) -> Record)
    throws(StoreError) -> Record where Record.ID == Int

  /// Replaces the record of type `Record` with identifier `id` by what `change` makes of the
  /// stored one, atomically: no other write to that record comes between the read and the
  /// write, in this process or any other.
  ///
  /// - Returns: The record as stored.
  /// - Throws: ``StoreError/notFound(_:record:)``, what `change` throws, or
  ///   ``StoreError/invalidInput(_:)``; nothing changes.
  @discardableResult
  func update<Record: StoredRecord>(
    _ type: Record.Type, id: Int, _ change: (_ stored: Record) throws(StoreError) -> Record
  ) throws(StoreError) -> Record where Record.ID == Int

  /// Removes the record of type `Record` with identifier `id`.
  ///
  /// - Throws: ``StoreError/notFound(_:record:)`` when there is no such record.
  func remove<Record: StoredRecord>(_ type: Record.Type, id: Int) throws(StoreError)
  where Record.ID == Int

  /// Saves `records`: one whose identifier is new is added, one whose identifier exists
  /// replaces the stored record.
  func save<Record: StoredRecord>(_ records: [Record]) throws(StoreError)
  where Record.ID == Int

  /// One page of the records of type `Record`, largest identifier (newest) first, keeping
  /// only those `isIncluded` accepts.
  ///
  /// - Parameters:
  ///   - sinceId: When set, only records with a larger identifier.
  ///   - maxId: When set, only records with a smaller identifier.
  ///   - limit: The most records to return; the newest matching ones are kept.
  func page<Record: StoredRecord>(
    _ type: Record.Type, sinceId: Int?, maxId: Int?, limit: Int,
    where isIncluded: (Record) -> Bool
  ) throws(StoreError) -> [Record] where Record.ID == Int
}

extension RecordStore {
  /// One page of every record of type `Record`, newest first (see
  /// ``page(_:sinceId:maxId:limit:where:)``).
  public func page<Record: StoredRecord>(
    _ type: Record.Type, sinceId: Int? = nil, maxId: Int? = nil, limit: Int
  ) throws(StoreError) -> [Record] where Record.ID == Int {
    try page(type, sinceId: sinceId, maxId: maxId, limit: limit, where: { _ in true })
  }
}

/// Selects a page, newest first, from records sorted by decreasing identifier.
func newestFirstPage<Record: Identifiable>(
  of records: [Record], sinceId: Int?, maxId: Int?, limit: Int,
  where isIncluded: (Record) -> Bool
) -> [Record] where Record.ID == Int {
  guard limit > 0 else { return [] }
  var start = records.startIndex
  if let maxId {
    // The first record older than `maxId`: identifiers decrease along the array.
    var low = records.startIndex
    var high = records.endIndex
    while low < high {
      let middle = (low + high) / 2
      if records[middle].id < maxId { high = middle } else { low = middle + 1 }
    }
    start = low
  }
  var page: [Record] = []
  for record in records[start...] {
    if let sinceId, record.id <= sinceId { break }
    guard isIncluded(record) else { continue }
    page.append(record)
    if page.count == limit { break }
  }
  return page
}
