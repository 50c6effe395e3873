/// The trait of `Maybe`: one element, no element, or an error.
public enum MaybeTrait {}

/// A sequence that produces one element, completes without one, or fails: the shape of a
/// lookup that may find nothing.
///
/// With an element, its underlying `Observable` emits it and completes at once.
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// The outcome of a `Maybe`.
@frozen
public enum MaybeEvent<Element> {
  /// The element, the only one.
  case success(Element)
  /// The failure.
  case error(Swift.Error)
  /// The end, without an element.
  case completed
}

extension MaybeEvent: @unchecked Sendable where Element: Sendable {}

extension PrimitiveSequenceType where Trait == MaybeTrait {
  /// The closure a `Maybe.create` body reports its outcome to.
  ///
  /// It may be called from any thread, even from several at once: only the first report
  /// counts. Hence `@Sendable`: a callback on another queue can capture it.
  public typealias MaybeObserver = @Sendable (MaybeEvent<Element>) -> Void

  /// Creates a `Maybe` from a subscribe closure.
  ///
  /// `subscribe` runs once per subscription and reports the outcome to the observer it
  /// receives; only the first report counts. It returns what to release when the
  /// subscription ends.
  public static func create(subscribe: @escaping (@escaping MaybeObserver) -> Disposable)
    -> Maybe<Element>
  {
    Maybe(
      raw: Observable.create { observer in
        let observer = UncheckedSendable(observer)
        let once = OnlyOnce()
        return subscribe { event in
          guard once.claim() else { return }
          switch event {
          case .success(let element):
            observer.value.on(.next(element))
            observer.value.on(.completed)
          case .error(let error):
            observer.value.on(.error(error))
          case .completed:
            observer.value.on(.completed)
          }
        }
      })
  }

  /// A `Maybe` that emits `element` during `subscribe`.
  @inlinable
  public static func just(_ element: Element) -> Maybe<Element> {
    Maybe(raw: Observable.just(element))
  }

  /// A `Maybe` that emits `element` on `scheduler`.
  public static func just(_ element: Element, scheduler: ImmediateSchedulerType)
    -> Maybe<Element>
  {
    Maybe(raw: Observable.just(element, scheduler: scheduler))
  }

  /// A `Maybe` that completes without an element during `subscribe`.
  @inlinable
  public static func empty() -> Maybe<Element> {
    Maybe(raw: Observable.empty())
  }

  /// A `Maybe` that fails with `error` during `subscribe`.
  @inlinable
  public static func error(_ error: Swift.Error) -> Maybe<Element> {
    Maybe(raw: Observable.error(error))
  }

  /// A `Maybe` that never produces its outcome.
  @inlinable
  public static func never() -> Maybe<Element> {
    Maybe(raw: Observable.never())
  }

  /// Subscribes a closure that receives the outcome.
  @inlinable
  public func subscribe(_ observer: @escaping (MaybeEvent<Element>) -> Void) -> Disposable {
    subscribe(
      onSuccess: { observer(.success($0)) }, onError: { observer(.error($0)) },
      onCompleted: { observer(.completed) })
  }

  /// Subscribes closures to the outcome: exactly one of `onSuccess`, `onError` and
  /// `onCompleted` runs (unless the subscription is disposed first), then `onDisposed`.
  /// Without `onError`, an error goes to `Hooks.defaultErrorHandler`.
  @inlinable
  public func subscribe(
    onSuccess: ((Element) -> Void)? = nil,
    onError: ((Swift.Error) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    let onError = onError ?? Hooks.unhandledErrorReporter()
    let succeeded = Box(false)
    return primitiveSequence.source.subscribe(
      sink: { event in
        switch event {
        case .next(let element):
          succeeded.value = true
          onSuccess?(element)
        case .error(let error): onError(error)
        case .completed: if !succeeded.value { onCompleted?() }
        }
      }, onDisposed: onDisposed)
  }

  /// Subscribes closures that receive `object` too, held weakly: once `object` is gone, the
  /// closures are no longer called.
  @inlinable
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onSuccess: ((Object, Element) -> Void)? = nil,
    onError: ((Object, Swift.Error) -> Void)? = nil,
    onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    subscribe(
      onSuccess: { [weak object] element in
        guard let object else { return }
        onSuccess?(object, element)
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
}
