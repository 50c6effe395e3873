import Foundation
import ReactiveCoreBase

/// A time on a `TestScheduler`'s virtual clock, in ticks.
public typealias TestTime = Int

/// A virtual-time scheduler for tests: a clock of integer ticks, test observables that emit at
/// given ticks, and observers that record the tick of each event.
///
/// One tick stands for `resolution` seconds: with `resolution: 0.001`, `.milliseconds(300)` is
/// 300 ticks. A relative time is converted to ticks by rounding half up
/// (`Int(seconds / resolution + 0.5)`). With `simulateProcessingDelay` (the default), work
/// scheduled for now or the past with `schedule` or `scheduleRelative` runs one tick later; pass
/// `false` for timelines that read exactly as written.
///
/// The scheduler is not tied to any thread: tests may run in parallel, each with its own
/// scheduler. It must not be driven by two threads at once.
public final class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter>,
  @unchecked Sendable
{
  // See `VirtualTimeScheduler` for how the state is guarded; `simulateProcessingDelay` is
  // immutable. As a `TaskExecutor`, `enqueue` may come from any thread: it only inserts into
  // the queue, under the queue's lock, and the clock is read by the driving thread alone.
  /// The default times of `start`.
  public enum Defaults {
    /// When `start` creates the observable under test: 100.
    public static let created: TestTime = 100
    /// When `start` subscribes to it: 200.
    public static let subscribed: TestTime = 200
    /// When `start` disposes the subscription: 1,000.
    public static let disposed: TestTime = 1_000
  }

  private let simulateProcessingDelay: Bool
  private let testConverter: TestSchedulerVirtualTimeConverter

  /// Creates a scheduler whose clock starts at `initialClock`, where one tick is `resolution`
  /// seconds.
  public init(
    initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true
  ) {
    precondition(
      resolution > 0 && resolution.isFinite, "TestScheduler resolution must be a positive number")
    self.simulateProcessingDelay = simulateProcessingDelay
    testConverter = TestSchedulerVirtualTimeConverter(resolution: resolution)
    super.init(initialClock: initialClock, converter: testConverter)
  }

  /// The seconds that one tick stands for (`ReactiveTesting` names it `resolution`, which
  /// RxTest's `TestScheduler` does not have).
  package var secondsPerTick: Double { testConverter.resolution }

  /// A hot observable: emits each event at its absolute tick, whether or not anyone is
  /// subscribed, to the observers subscribed at that tick.
  @inlinable
  public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>])
    -> TestableObservable<Element>
  {
    HotObservable(scheduler: self, recordedEvents: events)
  }

  /// A cold observable: for each subscription, emits each event at its tick counted from the
  /// subscription, so every subscriber gets the whole sequence from the start.
  @inlinable
  public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>])
    -> TestableObservable<Element>
  {
    ColdObservable(scheduler: self, recordedEvents: events)
  }

  /// An observer that records each event with the tick it arrived at.
  @inlinable
  public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
    TestableObserver(scheduler: self)
  }

  /// Runs `action` at absolute tick `time`.
  @inlinable
  public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
    _ = scheduleAbsoluteVirtual((), time: time) { _ in
      action()
      return Disposables.create()
    }
  }

  /// Schedules `action` for now (the next tick when simulating processing delay).
  ///
  /// Overridden only so that the scheduling code is compiled for this scheduler's clock type.
  public override func schedule<StateType>(
    _ state: StateType, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    scheduleAbsoluteVirtual(at: adjustScheduledTime(clock)) { action(state) }
  }

  /// Schedules `action` `dueTime` after now, converted to ticks by rounding half up.
  ///
  /// Overridden only so that the scheduling code is compiled for this scheduler's clock type.
  public override func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    if case .never = dueTime { return BooleanDisposable() }
    let due = testConverter.convertToVirtualTime(now.addingTimeInterval(dueTime.intervalSeconds))
    return scheduleAbsoluteVirtual(at: adjustScheduledTime(due)) { action(state) }
  }

  /// Schedules `action` `dueTime` after now; the form without a state that timers use.
  ///
  /// Overridden only so that the scheduling code is compiled for this scheduler's clock type.
  public override func scheduleRelative(
    after dueTime: RxTimeInterval, action: @escaping () -> Disposable
  ) -> Disposable {
    if case .never = dueTime { return BooleanDisposable() }
    let due = testConverter.convertToVirtualTime(now.addingTimeInterval(dueTime.intervalSeconds))
    return scheduleAbsoluteVirtual(at: adjustScheduledTime(due), action: action)
  }

  /// Moves work scheduled for now or the past to the next tick when simulating processing delay.
  public override func adjustScheduledTime(_ time: TestTime) -> TestTime {
    time <= clock ? clock + (simulateProcessingDelay ? 1 : 0) : time
  }

  /// Creates the observable under test at `created`, subscribes to it at `subscribed`, disposes
  /// the subscription at `disposed`, runs the scheduler until nothing is left, and returns the
  /// observer that recorded the events.
  @inlinable
  public func start<Element, Output: ObservableConvertibleType>(
    created: TestTime, subscribed: TestTime, disposed: TestTime,
    create: @escaping () -> Output
  ) -> TestableObserver<Element> where Output.Element == Element {
    let observer = createObserver(Element.self)
    var source: Observable<Element>?
    var subscription: Disposable?
    scheduleAt(created) { source = create().asObservable() }
    scheduleAt(subscribed) { subscription = source?.subscribe(observer) }
    scheduleAt(disposed) { subscription?.dispose() }
    start()
    return observer
  }

  /// `start(created:subscribed:disposed:create:)` with the default creation (100) and
  /// subscription (200) times.
  @inlinable
  public func start<Element, Output: ObservableConvertibleType>(
    disposed: TestTime, create: @escaping () -> Output
  ) -> TestableObserver<Element> where Output.Element == Element {
    start(
      created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed,
      create: create)
  }

  /// `start(created:subscribed:disposed:create:)` with the default times: created at 100,
  /// subscribed at 200, disposed at 1,000.
  @inlinable
  public func start<Element, Output: ObservableConvertibleType>(_ create: @escaping () -> Output)
    -> TestableObserver<Element> where Output.Element == Element
  {
    start(
      created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed,
      create: create)
  }
}

/// Ticks of a `TestScheduler` to and from dates and seconds: a tick is `resolution` seconds.
public struct TestSchedulerVirtualTimeConverter: VirtualTimeConverterType, Sendable {
  /// A tick count.
  public typealias VirtualTimeUnit = Int
  /// A number of ticks.
  public typealias VirtualTimeIntervalUnit = Int

  @usableFromInline let resolution: Double

  /// Creates a converter where one tick is `resolution` seconds.
  package init(resolution: Double) {
    self.resolution = resolution
  }

  /// The date `virtualTime` ticks after 1970.
  @inlinable public func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
    Date(timeIntervalSince1970: Double(virtualTime) * resolution)
  }

  /// The tick of `time`, rounded half up; dates beyond the range of `Int` saturate.
  @inlinable public func convertToVirtualTime(_ time: RxTime) -> Int {
    Self.ticks(time.timeIntervalSince1970 / resolution + 0.5)
  }

  /// The seconds that `virtualTimeInterval` ticks stand for.
  @inlinable public func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval
  {
    Double(virtualTimeInterval) * resolution
  }

  /// The ticks that `timeInterval` seconds stand for, rounded half up.
  @inlinable public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int {
    Self.ticks(timeInterval / resolution + 0.5)
  }

  /// `time` plus `offset` ticks.
  @inlinable public func offsetVirtualTime(_ time: Int, offset: Int) -> Int {
    time &+ offset
  }

  /// How two ticks are ordered.
  @inlinable public func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
    lhs < rhs ? .lessThan : (lhs > rhs ? .greaterThan : .equal)
  }

  @inlinable package static func ticks(_ value: Double) -> Int {
    precondition(!value.isNaN, "a time on a TestScheduler is not a number")
    if value >= Double(Int.max) { return .max }
    if value <= Double(Int.min) { return .min }
    return Int(value)
  }
}
