import Foundation
import Models
import ReactiveCore
import Services

extension RemoteBackend: __Feature__Service {
  /// Every entry, oldest first.
  public func __feature__Items() -> Single<[__Feature__Item]> {
    call { client in try await client.__feature__Items() }
  }

  /// Adds an entry.
  public func add__Feature__Item(text: String) -> Single<__Feature__Item> {
    write { client in try await client.add__Feature__Item(text: text) }
  }

  /// Removes an entry.
  public func remove__Feature__Item(id: Int) -> Completable {
    write { client in try await client.remove__Feature__Item(id: id) }.asCompletable()
  }

  /// Emits when a read of the entries differs from the one before: at each poll, and after
  /// each write made through this backend. The first read is the baseline, unless a write
  /// made through this backend came first.
  public var __feature__ItemsChanged: Observable<Void> {
    polled { client in try await client.__feature__Items() }.enumerated()
      .filter { $0.index > 0 || $0.element.followsWrite }
      .map { _ in () }
  }
}
