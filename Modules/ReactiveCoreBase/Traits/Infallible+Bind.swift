extension InfallibleType {
  /// Sends the elements (and the completion) to each observer.
  public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element {
    subscribe { event in for observer in observers { observer.on(event) } }
  }

  /// Sends the elements, as optionals, (and the completion) to each observer.
  public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element? {
    subscribe { event in
      for observer in observers { observer.on(event.map { $0 }) }
    }
  }

  /// Accepts the elements into each relay.
  public func bind(to relays: PublishRelay<Element>...) -> Disposable {
    subscribe(onNext: { element in for relay in relays { relay.accept(element) } })
  }

  /// Accepts the elements into each relay.
  public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
    subscribe(onNext: { element in for relay in relays { relay.accept(element) } })
  }

  /// Accepts the elements into each relay.
  public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
    subscribe(onNext: { element in for relay in relays { relay.accept(element) } })
  }

  /// Accepts the elements, as optionals, into each relay.
  public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
    subscribe(onNext: { element in for relay in relays { relay.accept(element) } })
  }

  /// Accepts the elements, as optionals, into each relay.
  public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
    subscribe(onNext: { element in for relay in relays { relay.accept(element) } })
  }

  /// Accepts the elements, as optionals, into each relay.
  public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
    subscribe(onNext: { element in for relay in relays { relay.accept(element) } })
  }

  /// Passes the sequence to `binder` and returns its result.
  public func bind<Result>(to binder: (Self) -> Result) -> Result {
    binder(self)
  }

  /// Calls `onNext` for each element.
  public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
    subscribe(onNext: onNext)
  }
}
