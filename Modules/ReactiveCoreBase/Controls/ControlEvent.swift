/// A type that can present itself as a `ControlEvent`.
public protocol ControlEventType: ObservableType {
  /// The value as a `ControlEvent`.
  func asControlEvent() -> ControlEvent<Element>
}

/// The events of a user-interface control (a button's taps, a list's selections), as a front
/// end exposes them.
///
/// A control event never fails; it completes when the control goes away. Front ends emit its
/// events on the main queue, so it can be turned into a `Driver` or a `Signal` without a
/// thread hop. It is a value that wraps the sequence the front end made.
public struct ControlEvent<PropertyType>: ControlEventType {
  /// The type of the events' elements.
  public typealias Element = PropertyType

  private let events: Observable<PropertyType>

  /// Wraps `events`, which must never fail and should be emitted on the main queue.
  ///
  /// `events` is subscribed (and later disposed) on the main queue, through
  /// `subscribe(on: ConcurrentMainScheduler.instance)`: at once when subscribing there, and
  /// enqueued there otherwise.
  public init<Events: ObservableType>(events: Events) where Events.Element == Element {
    self.events = events.subscribe(on: ConcurrentMainScheduler.instance)
  }

  /// Subscribes `observer` to the events.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    events.subscribe(observer)
  }

  /// The events as an `Observable`.
  public func asObservable() -> Observable<Element> { events }

  /// Returns `self`.
  public func asControlEvent() -> ControlEvent<Element> { self }

  /// The events as a `Driver`; an error (a front-end bug) ends it.
  public func asDriver() -> Driver<Element> {
    asDriver(onErrorRecover: { error in
      bindingFailed(error)
      return .empty()
    })
  }

  /// The events as a `Signal`; an error (a front-end bug) ends it.
  public func asSignal() -> Signal<Element> {
    asSignal(onErrorRecover: { error in
      bindingFailed(error)
      return .empty()
    })
  }
}
