import Synchronization

/// The observers of a subject, in subscription order, with O(log n) removal.
///
/// Each observer is a `SubjectObserver`, which is also the disposable that removes it. Keys grow
/// with each insertion, so `keys` stays sorted and removal finds its slot by binary search and
/// leaves a hole (`nil`), compacted when holes outnumber the live observers. Delivery iterates
/// over a copy of `nodes` taken under the subject's lock, which costs a reference count, not a
/// copy, unless the list changes during delivery; the snapshot keeps every node alive, so each
/// node is used without retaining it.
@usableFromInline
struct ObserverList<Element> {
  @usableFromInline var nodes: ContiguousArray<SubjectObserver<Element>?> = []
  @usableFromInline var keys: ContiguousArray<UInt64> = []
  @usableFromInline var live = 0
  @usableFromInline var nextKey: UInt64 = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { live == 0 }

  /// Adds an observer that delivers to `sink` and calls `remove` with its key when disposed,
  /// and returns it.
  @inlinable mutating func insert(
    _ sink: @escaping EventSink<Element>, remove: @escaping (UInt64) -> Void
  ) -> SubjectObserver<Element> {
    let key = nextKey
    nextKey += 1
    let node = SubjectObserver(sink, key: key, remove: remove)
    nodes.append(node)
    keys.append(key)
    live += 1
    return node
  }

  @inlinable mutating func remove(_ key: UInt64) {
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) / 2
      if keys[middle] < key { low = middle + 1 } else { high = middle }
    }
    guard low < keys.count, keys[low] == key, let node = nodes[low] else { return }
    nodes[low] = nil
    Resources.release(node.counter)
    live -= 1
    if live == 0 {
      nodes = []
      keys = []
    } else if nodes.count > 16 && live * 2 < nodes.count {
      var kept = 0
      for index in nodes.indices where nodes[index] != nil {
        nodes[kept] = nodes[index]
        keys[kept] = keys[index]
        kept += 1
      }
      nodes.removeLast(nodes.count - kept)
      keys.removeLast(keys.count - kept)
    }
  }

  /// Removes every observer and returns them, for delivering a terminal event.
  @inlinable mutating func removeAll() -> ContiguousArray<SubjectObserver<Element>?> {
    let removed = nodes
    for node in removed { if let node { Resources.release(node.counter) } }
    nodes = []
    keys = []
    live = 0
    return removed
  }

  /// Delivers `event` to each observer of a snapshot of `nodes`.
  @inlinable static func deliver(
    _ event: Event<Element>, to snapshot: ContiguousArray<SubjectObserver<Element>?>
  ) {
    snapshot.withUnsafeBufferPointer { nodes in
      for index in nodes.indices where nodes[index] != nil {
        // The snapshot holds every node for the whole loop, so none is retained for its call.
        Unmanaged.passUnretained(nodes[index].unsafelyUnwrapped)._withUnsafeGuaranteedRef {
          $0.sink(event)
        }
      }
    }
  }
}

/// One observer of a subject: the sink it delivers to, and the disposable that removes it.
@usableFromInline
final class SubjectObserver<Element>: Disposable, @unchecked Sendable {
  // Immutable but for the atomic flag, which makes the removal run once.
  @usableFromInline let sink: EventSink<Element>
  @usableFromInline let key: UInt64
  @usableFromInline let counter: ResourceCounter?
  // Captures only the subject, so it needs no closure context of its own; written in the
  // subject's inlinable code, so the removal runs specialised for the element type.
  @usableFromInline let remove: (UInt64) -> Void
  @usableFromInline let done = Atomic<Bool>(false)

  @inlinable init(
    _ sink: @escaping EventSink<Element>, key: UInt64, remove: @escaping (UInt64) -> Void
  ) {
    self.sink = sink
    self.key = key
    self.remove = remove
    counter = Resources.acquire()
  }

  @inlinable func dispose() {
    if done.exchange(true, ordering: .acquiringAndReleasing) { return }
    remove(key)
  }
}
