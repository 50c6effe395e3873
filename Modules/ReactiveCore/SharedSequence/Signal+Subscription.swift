// Subscribing to a `Signal`: `emit` is its `subscribe`. Each form checks, when the Signal
// delivers through `MainScheduler`, that it is called on the main queue (see
// `SharedSequence`); a Signal created inside `SharingScheduler.mock` skips the check.

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
  /// Sends the elements (and the completion) to each observer.
  public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element {
    let shared = asSharedSequence()
    shared.requireMainQueue(for: "emit(to:)")
    return shared.source.subscribe { event in for observer in observers { observer.on(event) } }
  }

  /// Sends the elements, as optionals, (and the completion) to each observer.
  public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element? {
    let shared = asSharedSequence()
    shared.requireMainQueue(for: "emit(to:)")
    return shared.source.subscribe { event in
      for observer in observers { observer.on(event.map { $0 }) }
    }
  }

  /// Accepts the elements into each relay.
  public func emit(to relays: PublishRelay<Element>...) -> Disposable {
    accepting(into: relays.map { $0.accept }, call: "emit(to:)")
  }

  /// Accepts the elements, as optionals, into each relay.
  public func emit(to relays: PublishRelay<Element?>...) -> Disposable {
    accepting(into: relays.map { $0.accept }, call: "emit(to:)")
  }

  /// Accepts the elements into each relay.
  public func emit(to relays: BehaviorRelay<Element>...) -> Disposable {
    accepting(into: relays.map { $0.accept }, call: "emit(to:)")
  }

  /// Accepts the elements, as optionals, into each relay.
  public func emit(to relays: BehaviorRelay<Element?>...) -> Disposable {
    accepting(into: relays.map { $0.accept }, call: "emit(to:)")
  }

  /// Accepts the elements into each relay.
  public func emit(to relays: ReplayRelay<Element>...) -> Disposable {
    accepting(into: relays.map { $0.accept }, call: "emit(to:)")
  }

  /// Accepts the elements, as optionals, into each relay.
  public func emit(to relays: ReplayRelay<Element?>...) -> Disposable {
    accepting(into: relays.map { $0.accept }, call: "emit(to:)")
  }

  /// Subscribes without observing the elements, for the side effects of the chain.
  public func emit() -> Disposable {
    let shared = asSharedSequence()
    shared.requireMainQueue(for: "emit()")
    return shared.source.subscribe()
  }

  /// Subscribes closures to the elements and the completion; `onDisposed` runs once when
  /// the subscription ends.
  public func emit(
    onNext: ((Element) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    let shared = asSharedSequence()
    shared.requireMainQueue(for: "emit(onNext:onCompleted:onDisposed:)")
    return shared.source.subscribe(
      onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes closures that receive `object` too, held weakly: once `object` is gone, the
  /// closures are no longer called.
  public func emit<Object: AnyObject>(
    with object: Object,
    onNext: ((Object, Element) -> Void)? = nil,
    onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    let shared = asSharedSequence()
    shared.requireMainQueue(for: "emit(with:onNext:onCompleted:onDisposed:)")
    return shared.source.subscribe(
      with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  private func accepting(into accepts: [(Element) -> Void], call: String) -> Disposable {
    let shared = asSharedSequence()
    shared.requireMainQueue(for: call)
    return shared.source.subscribe(onNext: { element in for accept in accepts { accept(element) } })
  }

  private func accepting(into accepts: [(Element?) -> Void], call: String) -> Disposable {
    let shared = asSharedSequence()
    shared.requireMainQueue(for: call)
    return shared.source.subscribe(onNext: { element in for accept in accepts { accept(element) } })
  }
}
