import Synchronization

/// The queue of a virtual-time scheduler: a binary min-heap of scheduled actions ordered by
/// (time, order of scheduling), so actions due at the same time run in the order they were
/// scheduled.
///
/// Scheduling and running the next action cost O(log n). Disposing a scheduled action is O(1):
/// the action is released at once and its entry stays in the heap as a tombstone, skipped when
/// it reaches the top; when tombstones make up more than half of the heap, the heap is rebuilt
/// without them in O(n), which keeps the amortised cost of a disposal O(1) and the memory
/// proportional to the live actions.
@usableFromInline
final class VirtualTimeQueue<Converter: VirtualTimeConverterType>: @unchecked Sendable {
  // Every mutable property is guarded by `lock`.
  @usableFromInline struct Entry {
    @usableFromInline let time: Converter.VirtualTimeUnit
    @usableFromInline let id: Int
    @usableFromInline let item: VirtualTimeItem<Converter>

    @inlinable init(time: Converter.VirtualTimeUnit, id: Int, item: VirtualTimeItem<Converter>) {
      self.time = time
      self.id = id
      self.item = item
    }
  }

  @usableFromInline let lock = Lock()
  @usableFromInline let converter: Converter
  @exclusivity(unchecked) @usableFromInline var heap: ContiguousArray<Entry> = []
  @exclusivity(unchecked) @usableFromInline var nextId = 0
  @exclusivity(unchecked) @usableFromInline var tombstones = 0

  @inlinable init(converter: Converter) {
    self.converter = converter
  }

  /// Whether `lhs` runs before `rhs`.
  @inlinable func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
    switch converter.compareVirtualTime(lhs.time, rhs.time) {
    case .lessThan: return true
    case .greaterThan: return false
    case .equal: return lhs.id < rhs.id
    }
  }

  /// Adds an item; call with the lock held.
  @inlinable func insert(_ item: VirtualTimeItem<Converter>, at time: Converter.VirtualTimeUnit) {
    let entry = Entry(time: time, id: nextId, item: item)
    nextId &+= 1
    var child = heap.count
    heap.append(entry)
    while child > 0 {
      let parent = (child - 1) / 2
      guard precedes(entry, heap[parent]) else { break }
      heap[child] = heap[parent]
      child = parent
    }
    heap[child] = entry
  }

  /// The first live entry, after dropping the tombstones above it; call with the lock held.
  @inlinable func peekLive() -> Entry? {
    while let top = heap.first {
      if top.item.state != VirtualTimeItem<Converter>.disposedState { return top }
      tombstones -= 1
      removeTop()
    }
    return nil
  }

  /// Removes the top entry; call with the lock held.
  @inlinable func removeTop() {
    let last = heap.removeLast()
    guard !heap.isEmpty else { return }
    siftDown(last, from: 0)
  }

  @inlinable func siftDown(_ entry: Entry, from start: Int) {
    let count = heap.count
    var index = start
    while true {
      let left = 2 * index + 1
      guard left < count else { break }
      var child = left
      let right = left + 1
      if right < count, precedes(heap[right], heap[left]) { child = right }
      guard precedes(heap[child], entry) else { break }
      heap[index] = heap[child]
      index = child
    }
    heap[index] = entry
  }

  /// Records that a queued item was disposed, and rebuilds the heap when tombstones dominate;
  /// call with the lock held.
  @inlinable func noteTombstone() {
    tombstones += 1
    if tombstones > 32 && tombstones * 2 > heap.count { compact() }
  }

  @usableFromInline func compact() {
    heap.removeAll { $0.item.state == VirtualTimeItem<Converter>.disposedState }
    tombstones = 0
    var index = heap.count / 2
    while index > 0 {
      index -= 1
      siftDown(heap[index], from: index)
    }
  }

  /// The number of live scheduled items.
  @inlinable var liveCount: Int { lock.withLock { heap.count - tombstones } }
}

/// One action scheduled on a virtual-time scheduler, and its disposable.
///
/// Disposing it before it runs cancels it and releases the action at once; disposing it after
/// it ran disposes what the action returned.
@usableFromInline
class VirtualTimeItem<Converter: VirtualTimeConverterType>: Cancelable, @unchecked Sendable {
  // `state` and `result` are guarded by the queue's lock while the queue exists; the queue
  // reference is weak, so that pending items do not keep a dropped scheduler alive.
  @usableFromInline static var pendingState: Int { 0 }
  @usableFromInline static var ranState: Int { 1 }
  @usableFromInline static var disposedState: Int { 2 }

  @usableFromInline weak var queue: VirtualTimeQueue<Converter>?
  @exclusivity(unchecked) @usableFromInline var state = 0
  @exclusivity(unchecked) @usableFromInline var result: Disposable?

  @inlinable init(queue: VirtualTimeQueue<Converter>) {
    self.queue = queue
  }

  /// Runs the action once and returns its disposable.
  @usableFromInline func invoke() -> Disposable { Disposables.create() }

  /// Releases the action without running it.
  @usableFromInline func releaseAction() {}

  @inlinable var isDisposed: Bool {
    guard let queue else { return state == Self.disposedState }
    return queue.lock.withLock { state == Self.disposedState }
  }

  @inlinable func dispose() {
    let toDispose: Disposable?
    if let queue {
      queue.lock.lock()
      switch state {
      case Self.pendingState:
        state = Self.disposedState
        queue.noteTombstone()
        queue.lock.unlock()
        releaseAction()
        return
      case Self.ranState:
        state = Self.disposedState
        toDispose = result
        result = nil
      default:
        toDispose = nil
      }
      queue.lock.unlock()
    } else {
      guard state != Self.disposedState else { return }
      let wasPending = state == Self.pendingState
      state = Self.disposedState
      if wasPending { releaseAction() }
      toDispose = result
      result = nil
    }
    toDispose?.dispose()
  }
}

/// A scheduled action with its state.
@usableFromInline
final class VirtualTimeAction<Converter: VirtualTimeConverterType, State>: VirtualTimeItem<
  Converter
>, @unchecked Sendable
{
  // `payload` is taken exactly once, by whoever moves `state` away from pending.
  @exclusivity(unchecked) @usableFromInline var payload: (State, (State) -> Disposable)?

  @inlinable init(
    queue: VirtualTimeQueue<Converter>, state: State, action: @escaping (State) -> Disposable
  ) {
    payload = (state, action)
    super.init(queue: queue)
  }

  @inlinable override func invoke() -> Disposable {
    guard let (state, action) = payload else { return Disposables.create() }
    payload = nil
    return action(state)
  }

  @inlinable override func releaseAction() {
    payload = nil
  }
}
