extension ObservableType {
  /// Subscribes closures to the sequence's events.
  ///
  /// Each closure is optional. `onDisposed` runs once when the subscription ends, whether by a
  /// terminal event (after `onError`/`onCompleted`) or by disposal. The closures run on the
  /// thread where the source emits. Without `onError`, an error goes to
  /// `Hooks.defaultErrorHandler`.
  @inlinable
  public func subscribe(
    onNext: ((Element) -> Void)? = nil,
    onError: ((Swift.Error) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    asObservable().subscribeGuarded(
      onNext: onNext, onError: onError ?? Hooks.unhandledErrorReporter(),
      onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes closures that receive `object` too, held weakly: once `object` is gone, the
  /// closures are no longer called (`onDisposed` still is).
  @inlinable
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onNext: ((Object, Element) -> Void)? = nil,
    onError: ((Object, Swift.Error) -> Void)? = nil,
    onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    subscribe(
      onNext: { [weak object] value in
        guard let object else { return }
        onNext?(object, value)
      },
      onError: { [weak object] error in
        guard let object else { return }
        onError?(object, error)
      },
      onCompleted: { [weak object] in
        guard let object else { return }
        onCompleted?(object)
      },
      onDisposed: { [weak object] in
        guard let object else { return }
        onDisposed?(object)
      })
  }

  /// Subscribes a closure that receives every event.
  @inlinable
  public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
    asObservable().subscribeGuarded(
      onNext: { on(.next($0)) }, onError: { on(.error($0)) }, onCompleted: { on(.completed) },
      onDisposed: nil)
  }
}
