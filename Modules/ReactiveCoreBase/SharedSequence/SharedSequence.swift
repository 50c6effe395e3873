/// How a kind of `SharedSequence` delivers and shares its events.
public protocol SharingStrategyProtocol {
  /// The scheduler that sequences created now deliver on (`SharingScheduler.make()` for
  /// `Driver` and `Signal`).
  static var scheduler: SchedulerType { get }

  /// Shares one subscription to `source` among the subscribers, the way this kind of
  /// sequence does (with or without replay).
  static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A type that can present itself as a `SharedSequence`.
public protocol SharedSequenceConvertibleType: ObservableConvertibleType {
  /// The sharing strategy: `DriverSharingStrategy` or `SignalSharingStrategy`.
  associatedtype SharingStrategy: SharingStrategyProtocol

  /// The value as a `SharedSequence`.
  func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

extension SharedSequenceConvertibleType {
  /// The sequence as a plain `Observable`: that of `asSharedSequence()`.
  ///
  /// A type that conforms by implementing only `asSharedSequence()` (a wrapper that tracks
  /// activity, say) gets its `asObservable()` from here.
  @inlinable
  public func asObservable() -> Observable<Element> { asSharedSequence().source }
}

/// A sequence for a user interface: it never fails, delivers on one scheduler (the main
/// queue, unless mocked), and shares one subscription to its source among its subscribers.
///
/// Use its two kinds, `Driver` (state: replays the latest element to new subscribers) and
/// `Signal` (events: no replay). Make one from any sequence with `asDriver(onErrorJustReturn:)`
/// and the like, which decide what an error becomes.
///
/// `drive` and `emit` check that they are called on the main queue when the sequence
/// delivers through `MainScheduler`: a screen's closures then always run there. A sequence
/// created inside `SharingScheduler.mock` delivers on the mocked scheduler and skips the
/// check, so tests that mock need not run on the main actor.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>:
  SharedSequenceConvertibleType, Sendable
{
  /// The shared source, which never fails.
  @usableFromInline let source: Observable<Element>

  /// Whether the events come through the real `MainScheduler`, so `drive`/`emit` must be
  /// called on the main queue.
  @usableFromInline let deliversOnMain: Bool

  /// Shares `source` with the strategy's sharing.
  @inlinable init(_ source: Observable<Element>, deliversOnMain: Bool) {
    self.source = SharingStrategy.share(source)
    self.deliversOnMain = deliversOnMain
  }

  /// Wraps `source` as it is, without sharing it.
  @inlinable init(raw source: Observable<Element>, deliversOnMain: Bool) {
    self.source = source
    self.deliversOnMain = deliversOnMain
  }

  /// The sequence as a plain `Observable`, with the same (shared) events.
  @inlinable public func asObservable() -> Observable<Element> { source }

  /// Returns `self`.
  @inlinable public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> { self }
}

/// Whether `scheduler` is the main-queue scheduler, which `drive`/`emit` must be called on.
@usableFromInline
func isMainScheduler(_ scheduler: ImmediateSchedulerType) -> Bool {
  scheduler is MainScheduler
}

extension SharedSequence {
  /// Whether `drive`/`emit` may subscribe from the current queue: always when the sequence
  /// delivers on a mocked scheduler, and only on the main queue when it delivers through
  /// `MainScheduler`.
  @usableFromInline
  var mayBeSubscribedHere: Bool {
    !deliversOnMain || MainScheduler.isMainQueueCurrent
  }

  /// Stops the program with a message naming `call` when it is used off the main queue on a
  /// sequence that delivers there.
  @usableFromInline
  func requireMainQueue(for call: String) {
    guard !mayBeSubscribedHere else { return }
    fatalError(
      """
      \(call) must be called on the main queue; this sequence delivers on MainScheduler, so \
      its closures would race with the main queue. Call it from main-queue code (such as a \
      @MainActor function), or create the sequence inside SharingScheduler.mock(scheduler:) \
      to deliver on another scheduler.
      """)
  }
}

extension SharedSequence {
  /// One element, then completion, delivered on the sharing scheduler.
  public static func just(_ element: Element) -> SharedSequence {
    let scheduler = SharingStrategy.scheduler
    return SharedSequence(
      raw: Observable.just(element).subscribe(on: scheduler),
      deliversOnMain: isMainScheduler(scheduler))
  }

  /// Completion, delivered on the sharing scheduler.
  public static func empty() -> SharedSequence {
    let scheduler = SharingStrategy.scheduler
    return SharedSequence(
      raw: Observable.empty().subscribe(on: scheduler),
      deliversOnMain: isMainScheduler(scheduler))
  }

  /// Nothing, ever.
  public static func never() -> SharedSequence {
    SharedSequence(
      raw: Observable.never(), deliversOnMain: isMainScheduler(SharingStrategy.scheduler))
  }

  /// The given elements, then completion, delivered on the sharing scheduler.
  public static func of(_ elements: Element...) -> SharedSequence {
    from(elements)
  }

  /// The elements of `array`, then completion, delivered on the sharing scheduler.
  public static func from(_ array: [Element]) -> SharedSequence {
    let scheduler = SharingStrategy.scheduler
    return SharedSequence(
      raw: Observable.from(array, scheduler: scheduler), deliversOnMain: isMainScheduler(scheduler)
    )
  }

  /// The elements of `sequence`, then completion, delivered on the sharing scheduler.
  public static func from<Source: Sequence>(_ sequence: Source) -> SharedSequence
  where Source.Element == Element {
    from(Array(sequence))
  }

  /// The wrapped value if there is one, then completion, delivered on the sharing scheduler.
  public static func from(optional: Element?) -> SharedSequence {
    from(optional.map { [$0] } ?? [])
  }

  /// A sequence made anew for each subscriber by `factory`.
  public static func deferred(_ factory: @escaping () -> SharedSequence) -> SharedSequence {
    SharedSequence(
      Observable.deferred { factory().source },
      deliversOnMain: isMainScheduler(SharingStrategy.scheduler))
  }
}

extension ObservableConvertibleType {
  /// The sequence as a `SharedSequence` of kind `sharingStrategy` that, on error, emits
  /// `onErrorJustReturn` and completes; it delivers on the strategy's scheduler, read now.
  public func asSharedSequence<Strategy: SharingStrategyProtocol>(
    sharingStrategy: Strategy.Type = Strategy.self, onErrorJustReturn: Element
  ) -> SharedSequence<Strategy, Element> {
    let scheduler = Strategy.scheduler
    return SharedSequence(
      asObservable().observe(on: scheduler).catchAndReturn(onErrorJustReturn),
      deliversOnMain: isMainScheduler(scheduler))
  }

  /// The sequence as a `SharedSequence` of kind `sharingStrategy` that, on error, continues
  /// with `onErrorDriveWith`; it delivers on the strategy's scheduler, read now.
  public func asSharedSequence<Strategy: SharingStrategyProtocol>(
    sharingStrategy: Strategy.Type = Strategy.self,
    onErrorDriveWith: SharedSequence<Strategy, Element>
  ) -> SharedSequence<Strategy, Element> {
    let scheduler = Strategy.scheduler
    return SharedSequence(
      asObservable().observe(on: scheduler).catch { _ in onErrorDriveWith.source },
      deliversOnMain: isMainScheduler(scheduler) || onErrorDriveWith.deliversOnMain)
  }

  /// The sequence as a `SharedSequence` of kind `sharingStrategy` that, on error, continues
  /// with the sequence `onErrorRecover` returns for the error; it delivers on the strategy's
  /// scheduler, read now.
  public func asSharedSequence<Strategy: SharingStrategyProtocol>(
    sharingStrategy: Strategy.Type = Strategy.self,
    onErrorRecover: @escaping (Swift.Error) -> SharedSequence<Strategy, Element>
  ) -> SharedSequence<Strategy, Element> {
    let scheduler = Strategy.scheduler
    return SharedSequence(
      asObservable().observe(on: scheduler).catch { onErrorRecover($0).source },
      deliversOnMain: isMainScheduler(scheduler))
  }
}
