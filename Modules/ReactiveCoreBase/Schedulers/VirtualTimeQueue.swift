import Synchronization

/// The queue of a virtual-time scheduler: a binary min-heap of scheduled actions ordered by
/// (time, order of scheduling), so actions due at the same virtual time run in the order they
/// were scheduled.
///
/// Actions scheduled in time order (the usual case: a test source's events, timers due a fixed
/// time after now) go to a first-in first-out run at O(1); the others go to the heap at
/// O(log n). The next action is the earlier of the two fronts. Disposing a scheduled action is O(1):
/// the action is released at once and its entry stays in the heap as a tombstone, skipped when
/// it reaches the top; when tombstones make up more than half of the heap, the heap is rebuilt
/// without them in O(n), which keeps the amortised cost of a disposal O(1) and the memory
/// proportional to the live actions.
///
/// Entries hold their item unmanaged (retained once on insertion, released when the entry
/// leaves the heap), so moving entries while sifting costs no reference counting.
@usableFromInline
final class VirtualTimeQueue<Converter: VirtualTimeConverterType>: @unchecked Sendable {
  // `heap` and `nextId` are guarded by `lock`; `tombstones` is atomic.
  @usableFromInline struct Entry {
    @usableFromInline let time: Converter.VirtualTimeUnit
    @usableFromInline let id: Int
    @usableFromInline let item: Unmanaged<VirtualTimeItem>

    @inlinable init(time: Converter.VirtualTimeUnit, id: Int, item: Unmanaged<VirtualTimeItem>) {
      self.time = time
      self.id = id
      self.item = item
    }
  }

  @usableFromInline let lock = Lock()
  @usableFromInline let converter: Converter
  @usableFromInline let tombstones = TombstoneCounter()
  @exclusivity(unchecked) @usableFromInline var heap: ContiguousArray<Entry> = []
  /// Entries in nondecreasing (time, id) order, each no earlier than the one before.
  @exclusivity(unchecked) @usableFromInline var run = FIFO<Entry>()
  @exclusivity(unchecked) @usableFromInline var runLast: Entry?
  @exclusivity(unchecked) @usableFromInline var nextId = 0

  @inlinable init(converter: Converter) {
    self.converter = converter
  }

  deinit {
    for entry in heap { entry.item.release() }
    while let entry = run.popFirst() { entry.item.release() }
  }

  /// Whether `lhs` runs before `rhs`.
  @inlinable func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
    switch converter.compareVirtualTime(lhs.time, rhs.time) {
    case .lessThan: return true
    case .greaterThan: return false
    case .equal: return lhs.id < rhs.id
    }
  }

  /// Adds an item due at `time`; call with the lock held.
  @inlinable func insert(_ item: VirtualTimeItem, at time: Converter.VirtualTimeUnit) {
    let id = nextId
    nextId &+= 1
    insert(item, at: time, id: id)
  }

  /// Adds an item due at `time` with an order number reserved earlier; call with the lock held.
  @inlinable func insert(_ item: VirtualTimeItem, at time: Converter.VirtualTimeUnit, id: Int) {
    let entry = Entry(time: time, id: id, item: .passRetained(item))
    if run.isEmpty || !precedes(entry, runLast.unsafelyUnwrapped) {
      run.append(entry)
      runLast = entry
    } else {
      heap.append(entry)
      var child = heap.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard precedes(entry, heap[parent]) else { break }
        heap[child] = heap[parent]
        child = parent
      }
      heap[child] = entry
    }
    let dead = tombstones.count
    if dead > 32 && dead * 2 > heap.count + run.count { compact() }
  }

  /// Removes and returns the next live entry if it is due no later than `limit`, dropping the
  /// tombstones in front of it; call with the lock held. The caller owns the entry's retain.
  @inlinable func popNext(upTo limit: Converter.VirtualTimeUnit?) -> Entry? {
    while let front = run.first, front.item._withUnsafeGuaranteedRef({ $0.isCancelled }) {
      _ = run.popFirst()
      if run.isEmpty { runLast = nil }
      tombstones.removed(1)
      front.item.release()
    }
    while let top = heap.first, top.item._withUnsafeGuaranteedRef({ $0.isCancelled }) {
      removeTop()
      tombstones.removed(1)
      top.item.release()
    }
    let fromRun: Bool
    let next: Entry
    switch (run.first, heap.first) {
    case (nil, nil): return nil
    case (let front?, nil):
      next = front
      fromRun = true
    case (nil, let top?):
      next = top
      fromRun = false
    case (let front?, let top?):
      fromRun = !precedes(top, front)
      next = fromRun ? front : top
    }
    if let limit, converter.compareVirtualTime(next.time, limit) == .greaterThan { return nil }
    if fromRun {
      _ = run.popFirst()
      if run.isEmpty { runLast = nil }
    } else {
      removeTop()
    }
    return next
  }

  /// Removes the top entry without releasing its item; call with the lock held.
  @inlinable func removeTop() {
    let last = heap.removeLast()
    guard !heap.isEmpty else { return }
    let count = heap.count
    var index = 0
    while true {
      let left = 2 * index + 1
      guard left < count else { break }
      var child = left
      let right = left + 1
      if right < count, precedes(heap[right], heap[left]) { child = right }
      guard precedes(heap[child], last) else { break }
      heap[index] = heap[child]
      index = child
    }
    heap[index] = last
  }

  /// Rebuilds the heap and the run without tombstones; call with the lock held.
  @usableFromInline func compact() {
    var removed = 0
    heap.removeAll { entry in
      guard entry.item._withUnsafeGuaranteedRef({ $0.isCancelled }) else { return false }
      entry.item.release()
      removed += 1
      return true
    }
    var kept = FIFO<Entry>()
    while let entry = run.popFirst() {
      if entry.item._withUnsafeGuaranteedRef({ $0.isCancelled }) {
        entry.item.release()
        removed += 1
      } else {
        kept.append(entry)
      }
    }
    run = kept
    if run.isEmpty { runLast = nil }
    tombstones.removed(removed)
    var start = heap.count / 2
    while start > 0 {
      start -= 1
      var index = start
      let entry = heap[index]
      while true {
        let left = 2 * index + 1
        guard left < heap.count else { break }
        var child = left
        if left + 1 < heap.count, precedes(heap[left + 1], heap[left]) { child = left + 1 }
        guard precedes(heap[child], entry) else { break }
        heap[index] = heap[child]
        index = child
      }
      heap[index] = entry
    }
  }

  /// The number of scheduled items not yet run nor disposed.
  @usableFromInline var liveCount: Int {
    lock.withLock {
      var live = 0
      for entry in heap where !entry.item._withUnsafeGuaranteedRef({ $0.isCancelled }) {
        live += 1
      }
      for index in run.head..<run.storage.count {
        if let entry = run.storage[index],
          !entry.item._withUnsafeGuaranteedRef({ $0.isCancelled })
        {
          live += 1
        }
      }
      return live
    }
  }
}

/// Counts the disposed items still in a heap, to decide when to rebuild it.
@usableFromInline
final class TombstoneCounter: Sendable {
  @usableFromInline let value = Atomic<Int>(0)

  @inlinable init() {}

  @inlinable var count: Int { value.load(ordering: .relaxed) }

  @inlinable func added() { value.add(1, ordering: .relaxed) }

  @inlinable func removed(_ count: Int) { value.subtract(count, ordering: .relaxed) }
}

/// One action scheduled on a virtual-time scheduler, and its disposable.
///
/// Disposing it before it runs cancels it and releases the action (and what it captured) at
/// once; disposing it after it ran disposes what the action returned.
@usableFromInline
class VirtualTimeItem: Cancelable, @unchecked Sendable {
  // `state` is atomic. `action` belongs to whoever moves `state` away from pending; `result` is
  // written by the driver before it publishes `ran` and read by a disposer only after that.
  @usableFromInline static var pending: Int { 0 }
  @usableFromInline static var running: Int { 1 }
  @usableFromInline static var ran: Int { 2 }
  @usableFromInline static var disposed: Int { 3 }

  @usableFromInline let state = Atomic<Int>(0)
  @usableFromInline let tombstones: TombstoneCounter
  /// Whether this is a `VirtualTimeBatch`, which the driver runs one step at a time.
  @usableFromInline let isBatch: Bool
  @exclusivity(unchecked) @usableFromInline final var action: (() -> Disposable)?
  @exclusivity(unchecked) @usableFromInline final var result: Disposable?

  @inlinable init(
    _ action: (() -> Disposable)?, tombstones: TombstoneCounter, isBatch: Bool = false
  ) {
    self.action = action
    self.tombstones = tombstones
    self.isBatch = isBatch
  }

  /// Releases what the item would have run; called once, when it is disposed before running.
  @inlinable func releaseAction() {
    action = nil
  }

  /// Whether the item was disposed before it ran (a tombstone in the heap).
  @inlinable final var isCancelled: Bool { state.load(ordering: .relaxed) == Self.disposed }

  @inlinable final var isDisposed: Bool { state.load(ordering: .acquiring) == Self.disposed }

  /// Runs the action if the item is still pending; called by the driver after removing the
  /// item from the heap.
  @inlinable final func run() {
    guard
      state.compareExchange(
        expected: Self.pending, desired: Self.running, ordering: .acquiringAndReleasing
      ).exchanged
    else { return }
    let action = self.action.unsafelyUnwrapped
    self.action = nil
    let outcome = action()
    result = outcome
    if !state.compareExchange(
      expected: Self.running, desired: Self.ran, ordering: .acquiringAndReleasing
    ).exchanged {
      result = nil
      outcome.dispose()
    }
  }

  @inlinable final func dispose() {
    switch state.exchange(Self.disposed, ordering: .acquiringAndReleasing) {
    case Self.pending:
      tombstones.added()
      releaseAction()
    case Self.ran:
      let outcome = result
      result = nil
      outcome?.dispose()
    default:
      break
    }
  }
}

/// Many actions scheduled at once, at nondecreasing times, with consecutive order numbers
/// reserved when they were scheduled: one queue entry and one allocation instead of one per
/// action. The driver runs one action per step and puts the entry back for the next.
///
/// Disposing it cancels the actions not yet run.
@usableFromInline
final class VirtualTimeBatch<Converter: VirtualTimeConverterType>: VirtualTimeItem,
  @unchecked Sendable
{
  // Used by the thread that drives the scheduler, like the queue's entries.
  /// The times, in the order the actions run.
  @usableFromInline let times: ContiguousArray<Converter.VirtualTimeUnit>
  /// For each position in `times`, the index the caller gave that action; empty when the
  /// caller's times were already in order.
  @usableFromInline let order: ContiguousArray<Int>
  /// The order number of the caller's index 0.
  @usableFromInline let firstId: Int
  @exclusivity(unchecked) @usableFromInline var cursor = 0
  @exclusivity(unchecked) @usableFromInline var steps: ((Int) -> Void)?

  @inlinable init(
    times: ContiguousArray<Converter.VirtualTimeUnit>, order: ContiguousArray<Int>, firstId: Int,
    tombstones: TombstoneCounter, steps: @escaping (Int) -> Void
  ) {
    self.times = times
    self.order = order
    self.firstId = firstId
    self.steps = steps
    super.init(nil, tombstones: tombstones, isBatch: true)
  }

  /// The caller's index of the action at `position`.
  @inlinable func index(at position: Int) -> Int {
    order.isEmpty ? position : order[position]
  }

  @inlinable override func releaseAction() {
    steps = nil
  }
}
