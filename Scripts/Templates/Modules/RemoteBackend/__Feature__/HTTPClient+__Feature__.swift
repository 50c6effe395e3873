import AppAPI
import Foundation
import Models
import Services

extension HTTPClient {
  /// `GET /__command__`: every __phrase__ entry, oldest first.
  public func __feature__Items() async throws -> [__Feature__Item] {
    try await call(
      HTTPAPI.__feature__Items, expecting: [__Feature__Item].self, what: "a list of entries")
  }

  /// `POST /__command__`: adds an entry.
  ///
  /// - Throws: ``ServiceError/invalid(_:)`` when the text breaks the rules.
  public func add__Feature__Item(text: String) async throws -> __Feature__Item {
    try await call(
      HTTPAPI.add__Feature__Item, body: HTTPAPI.__Feature__Draft(text: text),
      expecting: __Feature__Item.self, what: "the saved entry")
  }

  /// `DELETE /__command__/{id}`: removes an entry.
  ///
  /// - Throws: ``ServiceError/notFound(id:)`` when there is no such entry.
  public func remove__Feature__Item(id: Int) async throws {
    try await call(HTTPAPI.remove__Feature__Item, ["id": String(id)], context: .item(id))
  }
}
