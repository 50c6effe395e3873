import Foundation
import Models
import ReactiveCore
import Services

extension LocalBackend: __Feature__Service {
  /// Every entry, oldest first.
  public func __feature__Items() -> Single<[__Feature__Item]> {
    read("__feature__Items") { store in try store.records(__Feature__Item.self) }
  }

  /// Adds an entry, or fails with ``ServiceError/invalid(_:)`` for a text the rules refuse.
  public func add__Feature__Item(text: String) -> Single<__Feature__Item> {
    write("add__Feature__Item") { store in
      if let message = __Feature__Item.validate(__Feature__Item.trimmed(text)).message {
        throw ServiceError.invalid(message)
      }
      return try store.add__Feature__Item(text: text)
    }
  }

  /// Removes an entry.
  public func remove__Feature__Item(id: Int) -> Completable {
    write("remove__Feature__Item") { store in try store.remove(__Feature__Item.self, id: id) }
      .asCompletable()
  }

  /// Emits after each change to the entries, here or in another process.
  public var __feature__ItemsChanged: Observable<Void> { recordsChanged(__Feature__Item.self) }
}

extension RecordStore {
  /// Adds an entry with `text` (trimmed) and the time now, or throws
  /// ``StoreError/invalidInput(_:)`` for a text the rules refuse, writing nothing.
  public func add__Feature__Item(text: String) throws(StoreError) -> __Feature__Item {
    let text = __Feature__Item.trimmed(text)
    if let message = __Feature__Item.validate(text).message {
      throw .invalidInput(message)
    }
    return try add { id in __Feature__Item(id: id, text: text, createdAt: Date()) }
  }
}
