/// A type that can be turned into an `Observable`.
public protocol ObservableConvertibleType {
  /// The type of the sequence's elements.
  associatedtype Element

  /// The `Observable` form of this value.
  func asObservable() -> Observable<Element>
}

/// A push-based sequence: a source of `Event`s that observers subscribe to.
///
/// Every operator of the library is defined on this protocol and returns an `Observable`.
public protocol ObservableType: ObservableConvertibleType {
  /// Starts delivering events to `observer` until the returned disposable is disposed or a
  /// terminal event is delivered.
  func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element
}

extension ObservableType {
  /// Wraps a custom `ObservableType` into an `Observable`.
  public func asObservable() -> Observable<Element> {
    Producer(self) { source, sink, _ in source.subscribe(AnyObserver(eventHandler: sink)) }
  }
}
