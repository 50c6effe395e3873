/// A group of disposables disposed together.
///
/// Inserting into a disposed group disposes the new member at once and returns `nil`.
public final class CompositeDisposable: Cancelable, @unchecked Sendable {
  // State guarded by `lock`.
  /// The key of a member, used to remove it.
  public struct DisposeKey: Hashable, Sendable {
    fileprivate let value: UInt64
  }

  private let lock = Lock()
  @exclusivity(unchecked) private var members: [UInt64: Disposable]? = [:]
  @exclusivity(unchecked) private var nextKey: UInt64 = 0

  /// Creates an empty group.
  public init() {}

  /// Creates a group of two.
  public convenience init(_ disposable1: Disposable, _ disposable2: Disposable) {
    self.init(disposables: [disposable1, disposable2])
  }

  /// Creates a group of three.
  public convenience init(
    _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable
  ) {
    self.init(disposables: [disposable1, disposable2, disposable3])
  }

  /// Creates a group of four or more.
  public convenience init(
    _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable,
    _ disposable4: Disposable, _ disposables: Disposable...
  ) {
    self.init(disposables: [disposable1, disposable2, disposable3, disposable4] + disposables)
  }

  /// Creates a group of the given disposables.
  public init(disposables: [Disposable]) {
    var members: [UInt64: Disposable] = [:]
    for disposable in disposables {
      members[nextKey] = disposable
      nextKey += 1
    }
    self.members = members
  }

  /// Whether the group was disposed.
  public var isDisposed: Bool { lock.withLock { members == nil } }

  /// The number of members still held.
  public var count: Int { lock.withLock { members?.count ?? 0 } }

  /// Adds a member; if the group is already disposed, disposes it and returns `nil`.
  @discardableResult
  public func insert(_ disposable: Disposable) -> DisposeKey? {
    let key = lock.withLock { () -> DisposeKey? in
      guard members != nil else { return nil }
      defer { nextKey += 1 }
      members![nextKey] = disposable
      return DisposeKey(value: nextKey)
    }
    if key == nil { disposable.dispose() }
    return key
  }

  /// Removes the member with `key` and disposes it.
  public func remove(for key: DisposeKey) {
    let removed = lock.withLock { members?.removeValue(forKey: key.value) }
    removed?.dispose()
  }

  /// Disposes every member, in the order they were added.
  public func dispose() {
    let removed = lock.withLock { () -> [UInt64: Disposable]? in
      defer { members = nil }
      return members
    }
    guard let removed else { return }
    for key in removed.keys.sorted() { removed[key]!.dispose() }
  }
}
