import Synchronization

/// The observers of a subject, in subscription order, with O(1) removal, and the delivery of
/// elements to them without a reference count per element.
///
/// Each observer is a `SubjectObserver`, which is also the disposable that removes it and
/// knows its slot in `nodes`. Removal leaves a hole (`ObserverSlot.vacant`, which the delivery
/// loop skips with the test it makes for every observer anyway, so it needs no test for holes
/// of its own); holes are compacted, and the moved observers told their new slots, when they
/// outnumber the live observers.
///
/// Every member except `lending` is guarded by `lock`, which is the owning subject's lock.
///
/// ## Who keeps whom alive
/// The subject holds the list, the list holds its observers, and each observer holds the list
/// (through its removal closure) but not the subject, as in RxSwift, where the subject's bag
/// holds only the observer: a subject that nobody else references is freed while observers are
/// still subscribed, and its deinitialiser calls `detach()`, which lets go of them. That breaks
/// the cycle between the list and its observers, and leaves the observers out of the list, so
/// that disposing one later, or meanwhile on another thread (under `lock`, which the list
/// keeps), finds nothing to remove. An observer is also the disposable its subscription holds,
/// and usually holds, through its event closure, the subscriber's handlers, which hold the
/// subscription: `detach()` asks each subscription to let go of its observer
/// (`Lifetime.release(upstream:)`), so that the observers and what their closures capture are
/// freed with the subject, as in RxSwift. (An observer held by an operator's inner
/// subscription rather than by the root subscription stays until that subscription ends.)
///
/// ## Lending the array to a delivery
/// An element is delivered after the subject's lock is released, so that observers may
/// subscribe, unsubscribe and send from inside `onNext`, and other threads may subscribe and
/// unsubscribe meanwhile. The delivery must therefore read an array that nobody changes or
/// frees under it. Retaining a snapshot per element would cost two atomic reference-count
/// operations, which are most of the cost of a subject, so the array is *lent* instead:
/// - `deliverElement` lends `nodes` when no other lent delivery runs: it sets `runningBit` in
///   `lending` under the lock, reads the array's storage without retaining it, and clears
///   `lending` when done. A delivery that finds `runningBit` set (an observer sending into the
///   subject from inside `onNext`) retains a snapshot instead.
/// - Any change to `nodes` while it is lent first moves the lent array to `retired`, so the
///   change copies it, and sets `retiredBit` with a compare-and-exchange, which asks the lent
///   delivery to free `retired` when it ends. If the exchange finds `lending` cleared, the
///   delivery has ended (its clearing store releases its reads) and the array changes in place.
/// - The delivery ends with a load of `lending` and a store of zero, not an exchange, which
///   would cost an atomic read-modify-write per element. If it saw `retiredBit`, it frees
///   `retired` outside the lock, because freeing an observer can run arbitrary deinitialisers;
///   if another lent delivery started meanwhile, it hands the job on to that one.
/// - A change on another thread can set `retiredBit` between that load and that store, which
///   then clears it. Nothing is freed early: the next element finds `retired` not empty, takes
///   the snapshot path and frees it (`deliverSnapshot`), and the subject's deinitialiser frees
///   what is left (`detach()`). Changes made on the delivering thread (an observer leaving
///   from `onNext`) are always seen by the load, so what they retire is freed when the
///   delivery ends.
@usableFromInline
final class ObserverList<Element>: @unchecked Sendable {  // guarded by the subject's lock
  @usableFromInline typealias Nodes = ContiguousArray<ObserverSlot>

  /// Set in `lending` while a delivery reads `nodes` without retaining it.
  @usableFromInline static var runningBit: Int { 1 }
  /// Set in `lending` when `retired` holds arrays that the running delivery must free.
  @usableFromInline static var retiredBit: Int { 2 }

  @exclusivity(unchecked) @usableFromInline var nodes: Nodes = []
  @exclusivity(unchecked) @usableFromInline var live = 0
  /// Arrays that were lent to the running delivery and then replaced.
  @exclusivity(unchecked) @usableFromInline var retired: ContiguousArray<Nodes> = []
  /// Whether `nodes` is the array lent to the running delivery (if one runs).
  @exclusivity(unchecked) @usableFromInline var isLent = false
  /// `runningBit` and `retiredBit`; read and written without the lock by the delivery.
  @usableFromInline let lending = Atomic<Int>(0)
  /// The owning subject's lock, kept here for the observers' removal, which may outlive the
  /// subject.
  @usableFromInline let lock: Lock

  @inlinable init(lock: Lock) {
    self.lock = lock
  }

  @inlinable var isEmpty: Bool { live == 0 }

  /// Adds an observer that delivers to `sink` and removes itself from the list when disposed,
  /// and returns it. `handlers`, when given, are the subscriber's own, which `sink` forwards
  /// to: elements then go to their `onNext` directly (see `FinalSubjectObserver`).
  @inlinable func insert(
    _ sink: @escaping EventSink<Element>, handlers: SubscriptionHandlers<Element>? = nil,
    lifetime: Lifetime
  ) -> SubjectObserver<Element> {
    // Captures only the list, so it needs no closure context of its own, and not the subject,
    // so that the observers do not keep the subject alive.
    let remove: (SubjectObserver<Element>) -> Void = { [self] in self.removeLocked($0) }
    let node =
      if let onNext = handlers?.onNext {
        FinalSubjectObserver(
          sink, onNext: onNext, slot: nodes.count, remove: remove, lifetime: lifetime)
      } else {
        SubjectObserver(sink, slot: nodes.count, remove: remove, lifetime: lifetime)
      }
    willChange()
    nodes.append(node)
    live += 1
    return node
  }

  /// Removes `node` if it is still in the list, taking the lock: a disposed observer's
  /// removal, which may come after the subject is freed.
  @inlinable func removeLocked(_ node: SubjectObserver<Element>) {
    lock.withLock { remove(node) }
  }

  /// Removes `node` if it is still in the list.
  @inlinable func remove(_ node: SubjectObserver<Element>) {
    let slot = node.slot
    guard slot < nodes.count, nodes[slot] === node else { return }
    willChange()
    nodes[slot] = ObserverSlot.vacant
    ResourceTotals.release(node.counter)
    live -= 1
    if live == 0 {
      nodes = []
    } else if nodes.count > 16 && live * 2 < nodes.count {
      var kept = 0
      for index in nodes.indices where nodes[index] !== ObserverSlot.vacant {
        let moved = unsafeDowncast(nodes[index], to: SubjectObserver<Element>.self)
        moved.slot = kept
        nodes[kept] = moved
        kept += 1
      }
      nodes.removeLast(nodes.count - kept)
    }
  }

  /// Removes every observer and returns them, for delivering a terminal event.
  @inlinable func removeAll() -> Nodes {
    willChange()
    let removed = nodes
    for slot in removed where slot !== ObserverSlot.vacant {
      let node = unsafeDowncast(slot, to: SubjectObserver<Element>.self)
      ResourceTotals.release(node.counter)
      node.slot = Int.max
    }
    nodes = []
    live = 0
    return removed
  }

  /// Lets go of every observer, and of the arrays a delivery left in `retired`, for the
  /// subject's deinitialiser: observers that a subscriber still holds keep the list alive,
  /// and disposing them then finds nothing to remove. Nothing is delivered, as in RxSwift,
  /// where a freed subject's observers are simply released.
  @usableFromInline func detach() {
    // No delivery runs: each runs inside a call on the subject, which keeps it alive.
    let (removed, garbage): (Nodes, ContiguousArray<Nodes>) = lock.withLock {
      if nodes.isEmpty && retired.isEmpty { return ([], []) }
      defer { retired = [] }
      return (removeAll(), retired)
    }
    // Each observer usually holds its subscriber's handlers, which hold the subscription,
    // which holds the observer to dispose it: the subscription lets go of it, so that this
    // cycle does not outlive the subject.
    for slot in removed where slot !== ObserverSlot.vacant {
      let node = unsafeDowncast(slot, to: SubjectObserver<Element>.self)
      node.lifetime.release(upstream: node)
    }
    // Freed outside the lock, as freeing an observer can run arbitrary deinitialisers.
    withExtendedLifetime((removed, garbage)) {}
  }

  /// Delivers an element to every observer. Called with `lock` held; releases it.
  @inlinable func deliverElement(_ event: Event<Element>, unlocking lock: Lock) {
    guard lending.load(ordering: .acquiring) == 0, retired.isEmpty else {
      deliverSnapshot(event, unlocking: lock)
      return
    }
    lending.store(Self.runningBit, ordering: .relaxed)
    isLent = true
    // The storage stays valid without a reference: while `runningBit` is set, `willChange`
    // moves the array to `retired` before anything changes it.
    let lent = nodes.withUnsafeBufferPointer { $0 }
    lock.unlock()
    if lent.count > 1 {
      Self.deliverElementToMany(event, to: lent)
    } else {
      // One observer, the usual case in a chain: inline, without the call.
      Self.deliverElement(event, to: lent)
    }
    let state = lending.load(ordering: .acquiring)
    lending.store(0, ordering: .releasing)
    if state & Self.retiredBit != 0 { freeRetired(lock) }
  }

  /// Delivers an element to a retained snapshot of the observers, for a delivery that starts
  /// while a lent one runs (an observer sends from inside `onNext`, or, against the grammar,
  /// another thread sends). Also frees the arrays a lent delivery left in `retired`: a change
  /// can set `retiredBit` just after the delivery read `lending`, and that delivery's final
  /// store then clears the bit. Called with `lock` held; releases it.
  @usableFromInline func deliverSnapshot(_ event: Event<Element>, unlocking lock: Lock) {
    var snapshot: Nodes? = nodes
    var garbage: ContiguousArray<Nodes> = []
    if !retired.isEmpty && !handOver() { swap(&garbage, &retired) }
    lock.unlock()
    withExtendedLifetime(garbage) {}
    snapshot.unsafelyUnwrapped.withUnsafeBufferPointer {
      Self.deliverElementToMany(event, to: $0)
    }
    // Given up under the lock. A change that then finds the storage no longer shared writes
    // it in place, and the lock orders that write after this delivery's reads: the reference
    // count orders them too, but not in a way ThreadSanitizer sees.
    lock.withLock { snapshot = nil }
  }

  /// Keeps the lent array unchanged for the running delivery: called under the lock before
  /// `nodes` changes.
  @inlinable func willChange() {
    guard isLent else { return }
    isLent = false
    if handOver() { retired.append(nodes) }
  }

  /// Makes the running lent delivery, if any, responsible for freeing `retired`, and tells
  /// whether one runs. Called under the lock.
  @inlinable func handOver() -> Bool {
    var state = lending.load(ordering: .acquiring)
    while state != 0 {
      if state & Self.retiredBit != 0 { return true }
      let (exchanged, original) = lending.compareExchange(
        expected: state, desired: state | Self.retiredBit, ordering: .acquiringAndReleasing)
      if exchanged { return true }
      state = original
    }
    return false
  }

  /// Frees `retired` once no lent delivery runs, outside `lock`.
  @usableFromInline func freeRetired(_ lock: Lock) {
    let garbage: ContiguousArray<Nodes> = lock.withLock {
      // A lent delivery that started since then may read the newest retired array.
      if handOver() { return [] }
      defer { retired = [] }
      return retired
    }
    withExtendedLifetime(garbage) {}
  }

  /// Delivers `event` to each observer of `nodes`, which must stay alive and unchanged
  /// meanwhile; each observer is used without retaining it.
  @inlinable static func deliver(
    _ event: Event<Element>, to nodes: UnsafeBufferPointer<ObserverSlot>
  ) {
    let vacant = ObserverSlot.vacant
    for index in nodes.indices where nodes[index] !== vacant {
      Unmanaged.passUnretained(nodes[index])._withUnsafeGuaranteedRef {
        unsafeDowncast($0, to: SubjectObserver<Element>.self).sink(event)
      }
    }
  }

  /// Delivers an element (`event` is `.next`) as `deliver` does, handing it straight to the
  /// `onNext` handler of the observers that are a subscriber's own (`FinalSubjectObserver`),
  /// which saves the event closure's call, its switch over the event and its guard's loads.
  /// The guard's check is the observer's own `doneBit` instead (see `FinalSubjectObserver`).
  @inlinable static func deliverElement(
    _ event: Event<Element>, to nodes: UnsafeBufferPointer<ObserverSlot>
  ) {
    guard case .next(let element) = event else {
      deliver(event, to: nodes)
      return
    }
    for index in nodes.indices {
      Unmanaged.passUnretained(nodes[index])._withUnsafeGuaranteedRef {
        // One load tells both what the observer is and whether a final one is still live.
        let flags = $0.flags.load(ordering: .acquiring)
        if flags == ObserverSlot.finalBit {
          unsafeDowncast($0, to: FinalSubjectObserver<Element>.self).onNext(element)
        } else if flags & ObserverSlot.finalBit == 0 {
          unsafeDowncast($0, to: SubjectObserver<Element>.self).sink(event)
        }
      }
    }
  }

  /// `deliverElement(_:to:)`, not inlined into the subject's `on`, so that the loop's variables
  /// get registers of their own, which the calls do not clobber (about 5 instructions per
  /// observer fewer), for the cost of one call per element. Observers other than a live final
  /// one go through `deliverElement(_:toOther:)`, a call of its own, so that the loop holds a
  /// single call site and its final observers' path stays short (12 instructions each).
  @inlinable @inline(never) static func deliverElementToMany(
    _ event: Event<Element>, to nodes: UnsafeBufferPointer<ObserverSlot>
  ) {
    guard case .next(let element) = event else {
      deliver(event, to: nodes)
      return
    }
    for index in nodes.indices {
      Unmanaged.passUnretained(nodes[index])._withUnsafeGuaranteedRef {
        if $0.flags.load(ordering: .acquiring) == ObserverSlot.finalBit {
          unsafeDowncast($0, to: FinalSubjectObserver<Element>.self).onNext(element)
        } else {
          deliverElement(event, toOther: $0)
        }
      }
    }
  }

  /// Delivers an element to an observer that is not a live final one: to the event closure
  /// of an observer that is not final; a disposed final observer and a vacant slot get nothing.
  @inlinable @inline(never) static func deliverElement(
    _ event: Event<Element>, toOther slot: ObserverSlot
  ) {
    if slot.flags.load(ordering: .acquiring) & ObserverSlot.finalBit == 0 {
      unsafeDowncast(slot, to: SubjectObserver<Element>.self).sink(event)
    }
  }

  /// Delivers `event` to each observer of a snapshot, which keeps them alive.
  @inlinable static func deliver(_ event: Event<Element>, to snapshot: Nodes) {
    snapshot.withUnsafeBufferPointer { deliver(event, to: $0) }
  }
}

/// What a slot of an `ObserverList` holds: an observer, or `vacant`.
@usableFromInline
class ObserverSlot: @unchecked Sendable {  // `flags` is atomic
  /// `doneBit` once disposed, and `finalBit` (set at creation) for a `FinalSubjectObserver`:
  /// one byte rather than a dynamic cast, so that the delivery loop tests both with one load.
  @usableFromInline let flags: Atomic<UInt8>

  @usableFromInline static var doneBit: UInt8 { 1 }
  @usableFromInline static var finalBit: UInt8 { 2 }

  /// The slot of an observer that left. Its flags say "final and done", as for a disposed
  /// final observer, so the delivery loop skips it with the test it makes anyway.
  @usableFromInline static let vacant = ObserverSlot(flags: finalBit | doneBit)

  @inlinable init(flags: UInt8) {
    self.flags = Atomic(flags)
  }
}

/// One observer of a subject: the sink it delivers to, and the disposable that removes it.
@usableFromInline
class SubjectObserver<Element>: ObserverSlot, Disposable, @unchecked Sendable {
  // `packedSlot` is guarded by the subject's lock; `flags` is atomic; the rest is immutable.
  /// `slot`, in 32 bits, declared first so that it takes the padding after `flags` and the
  /// observer stays 72 bytes with `lifetime`.
  @exclusivity(unchecked) @usableFromInline var packedSlot: UInt32
  @usableFromInline let sink: EventSink<Element>
  @usableFromInline let counter: ResourceTally?
  // Captures only the list, so it needs no closure context of its own, and not the subject,
  // which the observer must not keep alive (see `ObserverList`); written in the list's
  // inlinable code, so the removal runs specialised for the element type.
  @usableFromInline let remove: (SubjectObserver<Element>) -> Void
  /// The lifetime of the subscription, which usually holds this observer, and which must let
  /// go of it if the subject is freed first (see `ObserverList.detach()`).
  @usableFromInline let lifetime: Lifetime

  @inlinable init(
    _ sink: @escaping EventSink<Element>, slot: Int,
    remove: @escaping (SubjectObserver<Element>) -> Void, lifetime: Lifetime,
    isFinal: Bool = false
  ) {
    self.sink = sink
    packedSlot = UInt32(clamping: slot)
    self.remove = remove
    self.lifetime = lifetime
    counter = ResourceTotals.acquire()
    super.init(flags: isFinal ? Self.finalBit : 0)
  }

  /// The observer's index in the list's `nodes`, or a number past its end once removed
  /// (`Int.max` is stored as `UInt32.max`, which no list of observers reaches).
  @inlinable final var slot: Int {
    get { Int(packedSlot) }
    set { packedSlot = UInt32(clamping: newValue) }
  }

  @inlinable final func dispose() {
    let old = flags.bitwiseOr(Self.doneBit, ordering: .acquiringAndReleasing).oldValue
    if old & Self.doneBit != 0 { return }
    remove(self)
  }
}

/// The observer of a subject that a subscriber's handlers subscribed directly
/// (`subject.subscribe(onNext:)`): the subject calls the subscriber's `onNext` itself instead
/// of calling `sink`, which would wrap the element in an event only to take it out again and
/// check the subscription's state. Terminal events still go through `sink`.
///
/// Checking `doneBit` instead of the subscription's state keeps the same guarantees: disposing
/// the subscription disposes this observer (at once, or as soon as the subscription receives
/// it) before `dispose()` returns, and the subscription stops only on a terminal event, which
/// the subject delivers after removing every observer, so an observer that received one is
/// disposed before any later element could reach it through an array lent earlier.
///
/// It holds `onNext` as long as `sink` holds the handlers: until the subscription ends and
/// the subject lets go of it.
@usableFromInline
final class FinalSubjectObserver<Element>: SubjectObserver<Element>, @unchecked Sendable {
  // Immutable after init.
  @usableFromInline let onNext: (Element) -> Void

  @inlinable init(
    _ sink: @escaping EventSink<Element>, onNext: @escaping (Element) -> Void, slot: Int,
    remove: @escaping (SubjectObserver<Element>) -> Void, lifetime: Lifetime
  ) {
    self.onNext = onNext
    super.init(sink, slot: slot, remove: remove, lifetime: lifetime, isFinal: true)
  }
}
