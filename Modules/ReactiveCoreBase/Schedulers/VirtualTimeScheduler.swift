import Foundation
import Synchronization

/// A scheduler with a virtual clock: time moves only when the scheduler runs the next scheduled
/// action, so a scenario of minutes runs in microseconds, deterministically.
///
/// Actions due at the same virtual time run in the order they were scheduled. The scheduler is
/// driven (`start`, `advanceTo`) by one thread at a time, which can be any thread: it is not
/// tied to the main thread nor to the thread that created it. Driving it from two threads at
/// once is a programming error and stops the process with a message saying so.
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType,
  CustomDebugStringConvertible, @unchecked Sendable
{
  // The queue guards itself; `running` and the driver flag are atomic; `currentClock` is written
  // only by the thread that drives the scheduler.
  /// A point in virtual time.
  public typealias VirtualTime = Converter.VirtualTimeUnit
  /// A span of virtual time.
  public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

  @usableFromInline let converter: Converter
  @usableFromInline let queue: VirtualTimeQueue<Converter>
  @usableFromInline let driver = ExclusiveDriver()
  @usableFromInline let running = Atomic<Bool>(false)
  @exclusivity(unchecked) @usableFromInline final var currentClock: VirtualTime

  /// Creates a scheduler whose clock starts at `initialClock`.
  @inlinable public init(initialClock: VirtualTime, converter: Converter) {
    self.converter = converter
    queue = VirtualTimeQueue(converter: converter)
    currentClock = initialClock
  }

  /// The current virtual time.
  @inlinable public final var clock: VirtualTime { currentClock }

  /// The current virtual time as a date.
  @inlinable public var now: RxTime { converter.convertFromVirtualTime(currentClock) }

  /// Schedules `action` to run now, which `adjustScheduledTime` may move later.
  @inlinable open func schedule<StateType>(
    _ state: StateType, action: @escaping (StateType) -> Disposable
  )
    -> Disposable
  {
    scheduleRelative(state, dueTime: .microseconds(0), action: action)
  }

  /// Schedules `action` to run `dueTime` after now, converted to virtual time and passed through
  /// `adjustScheduledTime`. A due time of `.never` never runs.
  @inlinable open func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    if dueTime.isNever { return BooleanDisposable() }
    let time = converter.convertToVirtualTime(now.addingDispatchInterval(dueTime))
    return scheduleAbsoluteVirtual(state, time: adjustScheduledTime(time), action: action)
  }

  /// Schedules `action` to run `dueTime` after now, like `scheduleRelative(_:dueTime:action:)`.
  @inlinable open func scheduleRelative(
    after dueTime: RxTimeInterval, action: @escaping () -> Disposable
  ) -> Disposable {
    if dueTime.isNever { return BooleanDisposable() }
    let time = converter.convertToVirtualTime(now.addingDispatchInterval(dueTime))
    return scheduleAbsoluteVirtual(at: adjustScheduledTime(time), action: action)
  }

  /// Schedules `action` to run `dueTime` virtual units after the current clock.
  @inlinable public final func scheduleRelativeVirtual<StateType>(
    _ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    scheduleAbsoluteVirtual(
      state, time: converter.offsetVirtualTime(currentClock, offset: dueTime), action: action)
  }

  /// Schedules `action` to run at virtual time `time`. A time in the past sorts before every
  /// later one, so the action runs next, without moving the clock back.
  @inlinable package final func scheduleAbsoluteVirtual<StateType>(
    _ state: StateType, time: VirtualTime, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    scheduleAbsoluteVirtual(at: time) { action(state) }
  }

  /// Schedules `action` to run at virtual time `time`; the form without a state.
  @inlinable package final func scheduleAbsoluteVirtual(
    at time: VirtualTime, action: @escaping () -> Disposable
  ) -> Disposable {
    let item = VirtualTimeItem(action, tombstones: queue.tombstones)
    queue.lock.lock()
    queue.insert(item, at: time)
    queue.lock.unlock()
    return item
  }

  /// Schedules `action(i)` to run at `times[i]` for every index `i`, exactly as if each were
  /// scheduled by its own call, in index order, but as a single entry of the queue (one
  /// allocation for all of them). Disposing the result cancels the actions not yet run.
  ///
  /// Test observables use it to schedule all their events at once.
  @inlinable package final func scheduleAbsoluteVirtual(
    atEach times: [VirtualTime], action: @escaping (Int) -> Void
  ) -> Disposable {
    guard !times.isEmpty else { return Disposables.create() }
    let converter = self.converter
    var inOrder = true
    for index in times.indices.dropFirst()
    where converter.compareVirtualTime(times[index], times[index - 1]) == .lessThan {
      inOrder = false
      break
    }
    let order: ContiguousArray<Int>
    let ordered: ContiguousArray<VirtualTime>
    if inOrder {
      order = []
      ordered = ContiguousArray(times)
    } else {
      order = ContiguousArray(
        times.indices.sorted { lhs, rhs in
          switch converter.compareVirtualTime(times[lhs], times[rhs]) {
          case .lessThan: return true
          case .greaterThan: return false
          case .equal: return lhs < rhs
          }
        })
      ordered = ContiguousArray(order.map { times[$0] })
    }
    queue.lock.lock()
    let firstId = queue.nextId
    queue.nextId &+= times.count
    let batch = VirtualTimeBatch<Converter>(
      times: ordered, order: order, firstId: firstId, tombstones: queue.tombstones, steps: action)
    queue.insert(batch, at: ordered[0], id: firstId + batch.index(at: 0))
    queue.lock.unlock()
    return batch
  }

  /// Adjusts the time of an action scheduled with `schedule` or `scheduleRelative`; returns
  /// `time` unchanged unless a subclass says otherwise.
  open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime { time }

  /// Runs the scheduled actions in order, moving the clock to each one's time, until none is
  /// left or `stop()` is called. Calling it from inside an action does nothing. A scheduler
  /// that is a `TaskExecutor` is the executor preference of the bridge tasks subscribed by its
  /// actions (see ``ConcurrencyBridge``).
  @inlinable public final func start() {
    switch driver.enter() {
    case .reentered: return
    case .concurrent: drivenFromTwoThreads()
    case .entered: break
    }
    defer { driver.leave() }
    running.store(true, ordering: .relaxed)
    asBridgeExecutor { while running.load(ordering: .relaxed), runNext(upTo: nil) {} }
    running.store(false, ordering: .relaxed)
  }

  /// Runs the actions due up to and including `virtualTime`, then sets the clock to it.
  @inlinable public final func advanceTo(_ virtualTime: VirtualTime) {
    switch driver.enter() {
    case .reentered: fatalError("\(Self.self).advanceTo was called while the scheduler is running")
    case .concurrent: drivenFromTwoThreads()
    case .entered: break
    }
    defer { driver.leave() }
    if converter.compareVirtualTime(virtualTime, currentClock) == .lessThan {
      fatalError(
        "\(Self.self) cannot advance to the past: the clock is at \(currentClock), asked \(virtualTime)"
      )
    }
    running.store(true, ordering: .relaxed)
    asBridgeExecutor { while running.load(ordering: .relaxed), runNext(upTo: virtualTime) {} }
    running.store(false, ordering: .relaxed)
    currentClock = virtualTime
  }

  /// Runs `body` with this scheduler, if it is a `TaskExecutor`, as the executor preference of
  /// the tasks that the concurrency bridges subscribed during `body` start, so that their work
  /// runs on this virtual clock too.
  @inlinable final func asBridgeExecutor(_ body: () -> Void) {
    guard let executor = self as? any TaskExecutor else { return body() }
    BridgeExecutor.bind(executor, body)
  }

  /// Runs the next action if there is one due (up to `limit`); returns whether it ran one.
  @inlinable final func runNext(upTo limit: VirtualTime?) -> Bool {
    queue.lock.lock()
    guard let entry = queue.popNext(upTo: limit) else {
      queue.lock.unlock()
      return false
    }
    queue.lock.unlock()
    if converter.compareVirtualTime(entry.time, currentClock) == .greaterThan {
      currentClock = entry.time
    }
    let item = entry.item.takeRetainedValue()
    if item.isBatch {
      runStep(of: unsafeDowncast(item, to: VirtualTimeBatch<Converter>.self))
    } else {
      item.run()
    }
    return true
  }

  /// Runs the next action of a batch, after putting the batch back in the queue for the one
  /// after it (with its reserved order number), or marking it done.
  @inlinable final func runStep(of batch: VirtualTimeBatch<Converter>) {
    guard let steps = batch.steps else { return }
    let position = batch.cursor
    let next = position + 1
    batch.cursor = next
    if next < batch.times.count {
      queue.lock.lock()
      queue.insert(batch, at: batch.times[next], id: batch.firstId + batch.index(at: next))
      queue.lock.unlock()
    } else {
      _ = batch.state.compareExchange(
        expected: VirtualTimeItem.pending, desired: VirtualTimeItem.ran,
        ordering: .acquiringAndReleasing)
      batch.steps = nil
    }
    steps(batch.index(at: position))
  }

  /// Moves the clock forward by `virtualInterval` without running anything.
  public final func sleep(_ virtualInterval: VirtualTimeInterval) {
    if case .concurrent = driver.check() { drivenFromTwoThreads() }
    let target = converter.offsetVirtualTime(currentClock, offset: virtualInterval)
    if converter.compareVirtualTime(target, currentClock) == .lessThan {
      fatalError("\(Self.self) cannot sleep to the past")
    }
    currentClock = target
  }

  /// Makes `start()` or `advanceTo(_:)` return after the action that is running now.
  public final func stop() {
    running.store(false, ordering: .relaxed)
  }

  /// The number of scheduled actions not yet run nor disposed.
  package final var pendingCount: Int { queue.liveCount }

  @usableFromInline func drivenFromTwoThreads() -> Never {
    fatalError(
      "\(Self.self) is being driven from two threads at once: start(), advanceTo(_:) and "
        + "sleep(_:) must be called by one thread at a time")
  }

  /// The clock and the number of pending actions.
  public var debugDescription: String {
    "\(Self.self)(clock: \(currentClock), pending: \(pendingCount))"
  }
}

/// Records which thread is driving a scheduler, to tell a re-entrant call from a concurrent one.
@usableFromInline
final class ExclusiveDriver: Sendable {
  /// How a call to `enter()` went.
  @usableFromInline enum Entry {
    /// The caller now drives; it must call `leave()`.
    case entered
    /// The caller already drives: this is a call from inside one of its actions.
    case reentered
    /// Another thread drives right now.
    case concurrent
  }

  @usableFromInline let owner = Atomic<UInt>(0)

  @inlinable init() {}

  /// Claims the driver for the calling thread.
  @inlinable func enter() -> Entry {
    let me = currentThreadToken()
    let (exchanged, original) = owner.compareExchange(
      expected: 0, desired: me, ordering: .acquiringAndReleasing)
    if exchanged { return .entered }
    return original == me ? .reentered : .concurrent
  }

  /// Tells, without claiming, whether the calling thread may touch the scheduler's clock now.
  @inlinable func check() -> Entry {
    let current = owner.load(ordering: .acquiring)
    if current == 0 { return .entered }
    return current == currentThreadToken() ? .reentered : .concurrent
  }

  /// Releases the driver.
  @inlinable func leave() {
    owner.store(0, ordering: .releasing)
  }
}
