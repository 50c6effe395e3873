/// A type that can present itself as a `ControlProperty`.
public protocol ControlPropertyType: ObservableType, ObserverType {
  /// The value as a `ControlProperty`.
  func asControlProperty() -> ControlProperty<Element>
}

/// A property of a user-interface control that is both read and written (a text field's
/// text, a switch's state), as a front end exposes it.
///
/// As a sequence it emits the current value when subscribed and then each change the user
/// makes; it never fails. As an observer it sets the value (so a view model's output can
/// `drive` it). It is a value that wraps the sequence and the observer the front end made.
public struct ControlProperty<PropertyType>: ControlPropertyType {
  /// The type of the property's values.
  public typealias Element = PropertyType

  private let values: Observable<PropertyType>
  private let valueSink: AnyObserver<PropertyType>

  /// Wraps `values` (the current value, then each change; never failing) and `valueSink`
  /// (which sets the value).
  ///
  /// `values` is subscribed (and later disposed) on the main queue, through
  /// `subscribe(on: ConcurrentMainScheduler.instance)`: at once when subscribing there, and
  /// enqueued there otherwise.
  public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink)
  where Element == Values.Element, Element == Sink.Element {
    self.values = values.subscribe(on: ConcurrentMainScheduler.instance)
    self.valueSink = valueSink.asObserver()
  }

  /// Subscribes `observer` to the current value and the changes.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    values.subscribe(observer)
  }

  /// The changes only, without the current value.
  public var changed: ControlEvent<PropertyType> {
    ControlEvent(events: values.skip(1))
  }

  /// The values as an `Observable`.
  public func asObservable() -> Observable<Element> { values }

  /// Returns `self`.
  public func asControlProperty() -> ControlProperty<Element> { self }

  /// Sets the value from `.next`; an error is a programming mistake (see `Binder`);
  /// completion is passed to the sink.
  public func on(_ event: Event<Element>) {
    switch event {
    case .next: valueSink.on(event)
    case .error(let error): bindingFailed(error)
    case .completed: valueSink.on(event)
    }
  }

  /// The values as a `Driver`; an error (a front-end bug) ends it.
  public func asDriver() -> Driver<Element> {
    asDriver(onErrorRecover: { error in
      bindingFailed(error)
      return .empty()
    })
  }
}

extension ControlPropertyType where Element == String? {
  /// The property with `nil` read as `""`; writing sets the string.
  public var orEmpty: ControlProperty<String> {
    let property = asControlProperty()
    return ControlProperty<String>(
      values: property.asObservable().map { $0 ?? "" },
      valueSink: property.mapObserver { (value: String) -> String? in value })
  }
}
