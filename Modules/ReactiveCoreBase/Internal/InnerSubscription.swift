import Synchronization

/// The subscription an operator makes to one of its sources: a child `Lifetime` of the
/// operator's own lifetime, and the holder of the disposable that source's `run` returned.
///
/// The owner ends it (`dispose()`) when the source sends a terminal event, when the operator
/// switches away from the source, or when the operator itself is disposed. Ending it stops a
/// synchronous source's loop (through the lifetime), disposes the source's subscription exactly
/// once (now, or as soon as `run` returns it), and makes `isActive` false, which the owner
/// checks before forwarding an event, so nothing from an ended source gets through.
///
/// `next` and `previous` link the subscription into its owner's `InnerList`; they are guarded
/// by the owner's lock.
@usableFromInline
final class InnerSubscription: Lifetime, Disposable, @unchecked Sendable {
  // `upstream` is written once, before the `assigned` bit is published with release ordering,
  // and read only by the one party that sees both bits set. `state` is atomic.
  @exclusivity(unchecked) @usableFromInline var upstream: Disposable?
  @exclusivity(unchecked) @usableFromInline var next: InnerSubscription?
  @exclusivity(unchecked) @usableFromInline unowned(unsafe) var previous: InnerSubscription?
  /// The operator state this subscription reports to. Keeping it here lets the closure given
  /// to the source capture this subscription alone, which Swift passes without allocating a
  /// closure context.
  @usableFromInline let owner: AnyObject?

  /// Set with `assignedBit` when the source's disposable was the shared one that does nothing.
  @usableFromInline static var nopBit: Int { 8 }

  @inlinable init(parent: Lifetime?, owner: AnyObject? = nil) {
    self.owner = owner
    super.init(parent: parent)
  }

  /// Calls `body` with the owner, as the type the operator knows it to be, without retaining
  /// it: this subscription holds it for the duration.
  @inlinable func withOwner<Owner: AnyObject, Result>(
    as type: Owner.Type, _ body: (Owner) -> Result
  ) -> Result {
    Unmanaged.passUnretained(unsafeDowncast(owner.unsafelyUnwrapped, to: type))
      ._withUnsafeGuaranteedRef(body)
  }

  /// Whether the owner still accepts events from this source (its parent is not consulted).
  @inlinable var isActive: Bool {
    state.load(ordering: .acquiring) & (Lifetime.disposedBit | Lifetime.stoppedBit) == 0
  }

  /// Stops accepting events without disposing the source's subscription yet; `dispose()` must
  /// follow. Used by owners that decide under their lock and dispose after releasing it.
  @inlinable func deactivate() {
    state.bitwiseOr(Lifetime.stoppedBit, ordering: .releasing)
  }

  /// Stores the disposable returned by the source's `run`; disposes it at once if this
  /// subscription already ended.
  @inlinable func setDisposable(_ disposable: Disposable) {
    if disposable.isNop {
      setNothingToDispose()
      return
    }
    upstream = disposable
    let old = state.bitwiseOr(Lifetime.assignedBit, ordering: .acquiringAndReleasing).oldValue
    if old & Lifetime.disposedBit != 0 {
      upstream = nil
      disposable.dispose()
    }
  }

  /// `setDisposable` for a source whose `run` returned the do-nothing disposable.
  @inlinable func setNothingToDispose() {
    // Nothing to dispose later: skip storing it, and say so, so that `dispose()` does not
    // touch `upstream` (which lets an owner recycle this subscription; see `SwitchSink`).
    let ended = state.load(ordering: .relaxed)
    if ended & Lifetime.disposedBit != 0 {
      // The source already ended (a synchronous one, as `just`), or the owner disposed it:
      // any other thread can now only set `stoppedBit` or `disposedBit`, and losing the
      // first to this store changes nothing while the second is set. So a store will do,
      // which saves the atomic read-modify-write that `flatMapLatest { just }` would
      // otherwise pay for each element.
      state.store(
        ended | Lifetime.assignedBit | InnerSubscription.nopBit, ordering: .releasing)
    } else {
      state.bitwiseOr(
        Lifetime.assignedBit | InnerSubscription.nopBit, ordering: .acquiringAndReleasing)
    }
  }

  /// Marks the source as ended by its own terminal event; returns whether it was still
  /// active (not ended, deactivated or disposed before). Sequentially consistent, for owners
  /// that pair it with `isRunning` (see `SwitchSink`).
  @inlinable func finish() -> Bool {
    let old = state.bitwiseOr(Lifetime.stoppedBit, ordering: .sequentiallyConsistent).oldValue
    return old & (Lifetime.disposedBit | Lifetime.stoppedBit) == 0
  }

  /// `finish()` and `dispose()` in one atomic step, for an owner whose terminal work does not
  /// need the source's subscription to be disposed first. `wasActive` tells whether the
  /// subscription was still active (not ended, deactivated or disposed before);
  /// `disposeUpstream`, whether the caller must then call `disposeUpstream()`.
  ///
  /// The call that sets `disposedBit` owns the disposal of the source's subscription, also when
  /// the owner deactivated this subscription just before (its `dispose()` then finds the bit
  /// set and does nothing): so `disposeUpstream` can be `true` when `wasActive` is `false`, for
  /// a source that ends between its owner's `deactivate()` and `dispose()`.
  @inlinable func finishAndDispose() -> (wasActive: Bool, disposeUpstream: Bool) {
    let old = state.bitwiseOr(
      Lifetime.stoppedBit | Lifetime.disposedBit, ordering: .sequentiallyConsistent
    ).oldValue
    let bits = Lifetime.disposedBit | Lifetime.assignedBit | InnerSubscription.nopBit
    return (
      old & (Lifetime.disposedBit | Lifetime.stoppedBit) == 0,
      old & bits == Lifetime.assignedBit
    )
  }

  /// Disposes the source's subscription; only after `finishAndDispose()` said so.
  @inlinable func disposeUpstream() {
    let upstream = self.upstream
    self.upstream = nil
    upstream?.dispose()
  }

  /// `isActive`, read with sequentially consistent ordering (see `finish()`).
  @inlinable var isRunning: Bool {
    state.load(ordering: .sequentiallyConsistent) & (Lifetime.disposedBit | Lifetime.stoppedBit)
      == 0
  }

  /// Whether the source ended and left nothing to dispose, so that nothing but the atomic
  /// state was touched after `setDisposable`: the owner may `reset()` this subscription and
  /// use it again once it holds the only reference to it.
  @inlinable var isReusable: Bool {
    let bits = Lifetime.assignedBit | InnerSubscription.nopBit | Lifetime.disposedBit
    return state.load(ordering: .acquiring) & bits == bits
  }

  /// Makes this ended subscription new again. Only for an owner that holds the only reference
  /// and saw `isReusable`.
  @inlinable func reset() {
    state.store(0, ordering: .releasing)
  }

  /// Ends the subscription and disposes the source's subscription, once.
  @inlinable func dispose() {
    let old = state.bitwiseOr(Lifetime.disposedBit, ordering: .acquiringAndReleasing).oldValue
    guard old & (Lifetime.disposedBit | InnerSubscription.nopBit) == 0,
      old & Lifetime.assignedBit != 0
    else { return }
    let upstream = self.upstream
    self.upstream = nil
    upstream?.dispose()
  }
}

/// The live inner subscriptions of an operator, as an intrusive doubly linked list: O(1)
/// insertion and removal, and no allocation beyond the subscriptions themselves. Guarded by
/// the owner's lock.
@usableFromInline
struct InnerList {
  @usableFromInline var head: InnerSubscription?
  @usableFromInline var count = 0

  @inlinable init() {}

  @inlinable mutating func insert(_ inner: InnerSubscription) {
    inner.next = head
    head?.previous = inner
    inner.previous = nil
    head = inner
    count += 1
  }

  /// Removes `inner` if it is in the list; returns whether it was.
  @inlinable @discardableResult mutating func remove(_ inner: InnerSubscription) -> Bool {
    guard inner.previous != nil || head === inner else { return false }
    if let previous = inner.previous { previous.next = inner.next } else { head = inner.next }
    inner.next?.previous = inner.previous
    inner.next = nil
    inner.previous = nil
    count -= 1
    return true
  }

  /// Empties the list and returns its members, for disposing them outside the lock.
  @inlinable mutating func removeAll() -> [InnerSubscription] {
    var members: [InnerSubscription] = []
    members.reserveCapacity(count)
    var node = head
    while let current = node {
      node = current.next
      current.next = nil
      current.previous = nil
      members.append(current)
    }
    head = nil
    count = 0
    return members
  }
}
