import AppAPI
import Foundation
import Models
import Services

// The routes of every collection of records (see `RecordRoutes`), for every record type.
extension HTTPClient {
  /// `GET /{collection}`: every record, in the server's order.
  public func records<Record: CollectionRecord>(_ type: Record.Type) async throws -> [Record] {
    try await send(RecordRoutes<Record>.list)
  }

  /// `GET /{collection}/{id}`: one record.
  ///
  /// - Throws: ``ServiceError/notFound(id:)`` when there is no such record.
  public func record<Record: CollectionRecord>(_ type: Record.Type, id: Int) async throws
    -> Record
  {
    try await send(RecordRoutes<Record>.get, ["id": String(id)], context: .item(id))
  }

  /// `POST /{collection}`: adds a record made from `draft`.
  ///
  /// - Returns: The record as saved, with the identifier the server gave it.
  /// - Throws: ``ServiceError/invalid(_:)`` when a field breaks its rule.
  public func add<Draft: RecordDraft>(_ draft: Draft) async throws -> Draft.Record {
    try await send(RecordRoutes<Draft.Record>.add, body: draft)
  }

  /// `PUT /{collection}/{id}`: replaces the fields of the record with `record.id`.
  ///
  /// - Returns: The record as saved, at its new revision.
  /// - Throws: ``ServiceError/notFound(id:)`` when there is no such record,
  ///   ``ServiceError/changedElsewhere(id:)`` when `record.revision` is not the stored one,
  ///   ``ServiceError/invalid(_:)`` when a field breaks its rule.
  public func update<Record: CollectionRecord>(_ record: Record) async throws -> Record {
    try await send(
      RecordRoutes<Record>.update, ["id": String(record.id)], body: RecordChange(record),
      context: .item(record.id))
  }

  /// `DELETE /{collection}/{id}`: removes a record.
  ///
  /// - Throws: ``ServiceError/notFound(id:)`` when there is no such record.
  public func remove<Record: CollectionRecord>(_ type: Record.Type, id: Int) async throws {
    try await send(RecordRoutes<Record>.remove, ["id": String(id)], context: .item(id))
  }
}
