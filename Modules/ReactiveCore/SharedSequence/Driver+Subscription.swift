// Subscribing to a `Driver`: `drive` is its `subscribe`. Each form checks, when the Driver
// delivers through `MainScheduler`, that it is called on the main queue (see
// `SharedSequence`); a Driver created inside `SharingScheduler.mock` skips the check.

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
  /// Sends the elements (and the completion) to each observer.
  public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
  where Observer.Element == Element {
    let shared = asSharedSequence()
    shared.requireMainQueue(for: "drive(_:)")
    return shared.source.subscribe { event in for observer in observers { observer.on(event) } }
  }

  /// Sends the elements, as optionals, (and the completion) to each observer.
  public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
  where Observer.Element == Element? {
    let shared = asSharedSequence()
    shared.requireMainQueue(for: "drive(_:)")
    return shared.source.subscribe { event in
      for observer in observers { observer.on(event.map { $0 }) }
    }
  }

  /// Accepts the elements into each relay.
  public func drive(_ relays: PublishRelay<Element>...) -> Disposable {
    accepting(into: relays.map { $0.accept }, call: "drive(_:)")
  }

  /// Accepts the elements, as optionals, into each relay.
  public func drive(_ relays: PublishRelay<Element?>...) -> Disposable {
    accepting(into: relays.map { $0.accept }, call: "drive(_:)")
  }

  /// Accepts the elements into each relay.
  public func drive(_ relays: BehaviorRelay<Element>...) -> Disposable {
    accepting(into: relays.map { $0.accept }, call: "drive(_:)")
  }

  /// Accepts the elements, as optionals, into each relay.
  public func drive(_ relays: BehaviorRelay<Element?>...) -> Disposable {
    accepting(into: relays.map { $0.accept }, call: "drive(_:)")
  }

  /// Accepts the elements into each relay.
  public func drive(_ relays: ReplayRelay<Element>...) -> Disposable {
    accepting(into: relays.map { $0.accept }, call: "drive(_:)")
  }

  /// Accepts the elements, as optionals, into each relay.
  public func drive(_ relays: ReplayRelay<Element?>...) -> Disposable {
    accepting(into: relays.map { $0.accept }, call: "drive(_:)")
  }

  /// Subscribes without observing the elements, for the side effects of the chain.
  public func drive() -> Disposable {
    let shared = asSharedSequence()
    shared.requireMainQueue(for: "drive()")
    return shared.source.subscribe()
  }

  /// Subscribes closures to the elements and the completion; `onDisposed` runs once when
  /// the subscription ends.
  public func drive(
    onNext: ((Element) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    let shared = asSharedSequence()
    shared.requireMainQueue(for: "drive(onNext:onCompleted:onDisposed:)")
    return shared.source.subscribe(
      onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes closures that receive `object` too, held weakly: once `object` is gone, the
  /// closures are no longer called.
  public func drive<Object: AnyObject>(
    with object: Object,
    onNext: ((Object, Element) -> Void)? = nil,
    onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    let shared = asSharedSequence()
    shared.requireMainQueue(for: "drive(with:onNext:onCompleted:onDisposed:)")
    return shared.source.subscribe(
      with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Passes the sequence, as an `Observable`, to `transformation` and returns its result
  /// (for binding helpers written as functions of an `Observable`).
  public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
    let shared = asSharedSequence()
    shared.requireMainQueue(for: "drive(_:)")
    return transformation(shared.source)
  }

  /// Passes the sequence, as an `Observable`, and `curriedArgument` to a curried binding
  /// function and returns its result.
  public func drive<R1, R2>(
    _ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1
  ) -> R2 {
    let shared = asSharedSequence()
    shared.requireMainQueue(for: "drive(_:curriedArgument:)")
    return with(shared.source)(curriedArgument)
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
