extension ObservableType {
  /// Sends every event (elements, and the error or completion) to each observer, like
  /// `subscribe` with several observers.
  @inlinable
  public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element {
    subscribe { event in
      for observer in observers { observer.on(event) }
    }
  }

  /// Sends every event, with the elements as optionals, to each observer.
  @inlinable
  public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element? {
    subscribe { event in
      let optional = event.map { Optional($0) }
      for observer in observers { observer.on(optional) }
    }
  }

  /// Accepts the elements into each relay. Relays never end, so binding is for sequences
  /// that never fail: an error is a programming mistake, which stops a debug build and is
  /// printed in a release build; completion is ignored.
  @inlinable
  public func bind(to relays: PublishRelay<Element>...) -> Disposable {
    bind(onNext: { value in for relay in relays { relay.accept(value) } })
  }

  /// Accepts the elements into each relay.
  @inlinable
  public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
    bind(onNext: { value in for relay in relays { relay.accept(value) } })
  }

  /// Accepts the elements into each relay.
  @inlinable
  public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
    bind(onNext: { value in for relay in relays { relay.accept(value) } })
  }

  /// Accepts the elements, as optionals, into each relay.
  @inlinable
  public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
    bind(onNext: { value in for relay in relays { relay.accept(value) } })
  }

  /// Accepts the elements, as optionals, into each relay.
  @inlinable
  public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
    bind(onNext: { value in for relay in relays { relay.accept(value) } })
  }

  /// Accepts the elements, as optionals, into each relay.
  @inlinable
  public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
    bind(onNext: { value in for relay in relays { relay.accept(value) } })
  }

  /// Passes the sequence to `binder` and returns its result.
  @inlinable
  public func bind<Result>(to binder: (Self) -> Result) -> Result {
    binder(self)
  }

  /// Passes the sequence and `curriedArgument` to a curried `binder`.
  @inlinable
  public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
    binder(self)(curriedArgument)
  }

  /// Calls `onNext` for each element; an error is a programming mistake (see `bind(to:)`).
  @inlinable
  public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
    subscribe(onNext: onNext, onError: { bindingFailed($0) })
  }
}

/// Reports an error that reached a binding, which must never fail.
@usableFromInline
func bindingFailed(_ error: Swift.Error, _ file: StaticString = #file, line: UInt = #line) {
  #if DEBUG
    fatalError("Binding error: \(error)", file: file, line: line)
  #else
    print("Binding error: \(error)")
  #endif
}
