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
  ///
  /// The wrapper enforces the grammar on what the custom type sends (nothing after a terminal
  /// event or after disposal) and, like every operator, disposes its subscription to the custom
  /// type as soon as that sends a terminal event.
  @inlinable
  public func asObservable() -> Observable<Element> {
    Producer(self) { source, sink, lifetime in
      let guarded = CreateSink(sink, lifetime)
      guarded.setDisposable(source.subscribe(AnyObserver(eventHandler: guarded.on)))
      return guarded
    }
  }
}
