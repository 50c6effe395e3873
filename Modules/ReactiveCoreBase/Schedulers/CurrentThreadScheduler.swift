import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs work on the current thread, through a per-thread trampoline.
///
/// The first `schedule` on a thread runs its action at once; while that action runs, further
/// actions scheduled on the same thread are queued, and they run one after another, in order,
/// once it returns, before the first `schedule` returns. `isScheduleRequired` tells whether a
/// call would run at once (`true`) or be queued (`false`).
///
/// Subscribing goes through the trampoline, and it is the default scheduler of the creation
/// operators (`of`, `from`, `range`, `generate`, `repeatElement`, `just(_:scheduler:)`), which
/// emit one element per step: so `Observable.merge(.of(1, 3, 5), .of(2, 4, 6))` delivers
/// `1, 2, 3, 4, 5, 6`, and a long synchronous sequence does not deepen the stack.
public final class CurrentThreadScheduler: ImmediateSchedulerType, Sendable {
  /// The shared instance.
  public static let instance = CurrentThreadScheduler()

  /// Whether a `schedule` call on this thread would run its action at once, because no
  /// trampoline action runs on this thread now.
  public static var isScheduleRequired: Bool { !Trampoline.current.isRunning }

  private init() {}

  /// Runs `action` at once if no trampoline action runs on this thread, then runs the actions
  /// queued meanwhile; otherwise queues it behind them. Disposing the result of a queued action
  /// before it runs cancels it.
  public func schedule<StateType>(
    _ state: StateType, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    let trampoline = Trampoline.current
    if trampoline.isRunning {
      let item = TrampolineAction(state, action)
      trampoline.enqueue(item)
      return item
    }
    trampoline.isRunning = true
    let disposable = action(state)
    trampoline.finish()
    return disposable
  }
}

/// One thread's trampoline: whether an action runs on it, and the actions queued behind it.
///
/// Used only by its own thread, through a pthread key. Entering and leaving it costs a
/// thread-local read and two stores; the queue's storage is allocated the first time an action
/// is queued on the thread and kept for the thread's life, so a trampoline that queues nothing
/// allocates nothing.
@usableFromInline
final class Trampoline {
  // Touched only by the thread the trampoline belongs to.
  /// Whether an action runs on this thread's trampoline now.
  @usableFromInline @exclusivity(unchecked) var isRunning = false
  @usableFromInline @exclusivity(unchecked) var items: [TrampolineItem?] = []
  @usableFromInline @exclusivity(unchecked) var head = 0

  @usableFromInline init() {}

  /// The calling thread's trampoline.
  @inlinable static var current: Trampoline {
    if let raw = pthread_getspecific(trampolineKey) {
      return Unmanaged<Trampoline>.fromOpaque(raw).takeUnretainedValue()
    }
    return makeCurrent()
  }

  /// Calls `body` with the calling thread's trampoline, without retaining it (the thread's key
  /// holds it for the thread's life).
  @inlinable static func withCurrent<Result>(_ body: (Trampoline) -> Result) -> Result {
    if let raw = pthread_getspecific(trampolineKey) {
      return Unmanaged<Trampoline>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
    }
    return body(makeCurrent())
  }

  @usableFromInline static func makeCurrent() -> Trampoline {
    let trampoline = Trampoline()
    pthread_setspecific(trampolineKey, Unmanaged.passRetained(trampoline).toOpaque())
    return trampoline
  }

  /// Whether no action waits.
  @inlinable var isEmpty: Bool { head == items.count }

  /// Queues `item` behind the waiting actions.
  @inlinable func enqueue(_ item: TrampolineItem) { items.append(item) }

  /// Runs `body` on this trampoline: at once, and if the trampoline was idle, then the actions
  /// queued meanwhile.
  @inlinable func run<Result>(_ body: () -> Result) -> Result {
    if isRunning { return body() }
    isRunning = true
    let result = body()
    finish()
    return result
  }

  /// Runs the queued actions, then marks the trampoline idle.
  @inlinable func finish() {
    if !isEmpty { drain() }
    isRunning = false
  }

  /// Runs the queued actions in order, including those they queue, until none is left.
  @usableFromInline func drain() {
    while head < items.count {
      let item = items[head].unsafelyUnwrapped
      items[head] = nil
      head += 1
      if head == items.count {
        items.removeAll(keepingCapacity: true)
        head = 0
      } else if head >= 256, head &* 2 >= items.count {
        items.removeFirst(head)
        head = 0
      }
      if !item.isDisposed { item.invoke(self) }
    }
  }
}

/// The key of each thread's `Trampoline`, released when the thread ends.
@usableFromInline let trampolineKey: pthread_key_t = {
  var key = pthread_key_t()
  #if canImport(Darwin)
    let status = pthread_key_create(&key) { raw in
      Unmanaged<Trampoline>.fromOpaque(raw).release()
    }
  #else
    let status = pthread_key_create(&key) { raw in
      if let raw { Unmanaged<Trampoline>.fromOpaque(raw).release() }
    }
  #endif
  precondition(status == 0, "pthread_key_create failed with \(status)")
  return key
}()

/// An action waiting on a thread's trampoline; disposing it before it runs cancels it.
@usableFromInline
class TrampolineItem: Cancelable, @unchecked Sendable {
  // `disposed` is atomic; subclasses guard their own state.
  @usableFromInline let disposed = Atomic<Bool>(false)

  @inlinable init() {}

  /// Whether the item was disposed.
  @inlinable final var isDisposed: Bool { disposed.load(ordering: .relaxed) }

  /// Runs the item on `trampoline`, the calling thread's.
  @usableFromInline func invoke(_ trampoline: Trampoline) {}

  @usableFromInline func dispose() { disposed.store(true, ordering: .relaxed) }
}

/// A `CurrentThreadScheduler.schedule` call that was queued.
final class TrampolineAction<StateType>: TrampolineItem, @unchecked Sendable {
  // `state` and `action` are touched only by the trampoline's thread; `result` is thread-safe.
  private var state: StateType?
  private var action: ((StateType) -> Disposable)?
  private let result = SingleAssignmentDisposable()

  init(_ state: StateType, _ action: @escaping (StateType) -> Disposable) {
    self.state = state
    self.action = action
  }

  override func invoke(_ trampoline: Trampoline) {
    guard let state, let action else { return }
    self.state = nil
    self.action = nil
    if !result.isDisposed { result.setDisposable(action(state)) }
  }

  override func dispose() {
    super.dispose()
    result.dispose()
  }
}
