import Synchronization

/// The observers of a subject, in subscription order, with O(1) removal.
///
/// Each observer is a `SubjectObserver`, which is also the disposable that removes it and
/// knows its slot in `nodes`. Removal leaves a hole (`nil`); holes are compacted, and the moved
/// observers told their new slots, when they outnumber the live observers. Delivery iterates
/// over a copy of `nodes` taken under the subject's lock, which costs a reference count, not a
/// copy, unless the list changes during delivery; the snapshot keeps every node alive, so each
/// node is used without retaining it.
@usableFromInline
struct ObserverList<Element> {
  @usableFromInline var nodes: ContiguousArray<SubjectObserver<Element>?> = []
  @usableFromInline var live = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { live == 0 }

  /// Adds an observer that delivers to `sink` and calls `remove` with itself when disposed,
  /// and returns it.
  @inlinable mutating func insert(
    _ sink: @escaping EventSink<Element>,
    remove: @escaping (SubjectObserver<Element>) -> Void
  ) -> SubjectObserver<Element> {
    let node = SubjectObserver(sink, slot: nodes.count, remove: remove)
    nodes.append(node)
    live += 1
    return node
  }

  /// Removes `node` if it is still in the list.
  @inlinable mutating func remove(_ node: SubjectObserver<Element>) {
    let slot = node.slot
    guard slot < nodes.count, nodes[slot] === node else { return }
    nodes[slot] = nil
    Resources.release(node.counter)
    live -= 1
    if live == 0 {
      nodes = []
    } else if nodes.count > 16 && live * 2 < nodes.count {
      var kept = 0
      for index in nodes.indices {
        guard let moved = nodes[index] else { continue }
        moved.slot = kept
        nodes[kept] = moved
        kept += 1
      }
      nodes.removeLast(nodes.count - kept)
    }
  }

  /// Removes every observer and returns them, for delivering a terminal event.
  @inlinable mutating func removeAll() -> ContiguousArray<SubjectObserver<Element>?> {
    let removed = nodes
    for node in removed {
      guard let node else { continue }
      Resources.release(node.counter)
      node.slot = Int.max
    }
    nodes = []
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
  // `slot` is guarded by the subject's lock; `done` is atomic; the rest is immutable.
  @usableFromInline let sink: EventSink<Element>
  @usableFromInline let counter: ResourceCounter?
  // Captures only the subject, so it needs no closure context of its own; written in the
  // subject's inlinable code, so the removal runs specialised for the element type.
  @usableFromInline let remove: (SubjectObserver<Element>) -> Void
  @exclusivity(unchecked) @usableFromInline var slot: Int
  @usableFromInline let done = Atomic<Bool>(false)

  @inlinable init(
    _ sink: @escaping EventSink<Element>, slot: Int,
    remove: @escaping (SubjectObserver<Element>) -> Void
  ) {
    self.sink = sink
    self.slot = slot
    self.remove = remove
    counter = Resources.acquire()
  }

  @inlinable func dispose() {
    if done.exchange(true, ordering: .acquiringAndReleasing) { return }
    remove(self)
  }
}
