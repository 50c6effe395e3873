/// The trait of `Single`: exactly one element, or an error.
public enum SingleTrait {}

/// A sequence that produces exactly one element or an error: the shape of a request.
///
/// On success its underlying `Observable` emits the element and completes at once.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// The outcome of a `Single`: `.success(element)` or `.failure(error)`.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
  /// The closure a `Single.create` body reports its outcome to.
  ///
  /// It may be called from any thread, even from several at once: only the first report
  /// counts. Hence `@Sendable`: a callback on another queue can capture it.
  public typealias SingleObserver = @Sendable (SingleEvent<Element>) -> Void

  /// Creates a `Single` from a subscribe closure.
  ///
  /// `subscribe` runs once per subscription and reports the outcome to the observer it
  /// receives; only the first report counts. It returns what to release when the
  /// subscription ends (it may end before the outcome, by disposal).
  public static func create(subscribe: @escaping (@escaping SingleObserver) -> Disposable)
    -> Single<Element>
  {
    Single(
      raw: Observable.create { observer in
        let observer = UncheckedSendable(observer)
        let once = OnlyOnce()
        return subscribe { result in
          guard once.claim() else { return }
          switch result {
          case .success(let element):
            observer.value.on(.next(element))
            observer.value.on(.completed)
          case .failure(let error):
            observer.value.on(.error(error))
          }
        }
      })
  }

  /// A `Single` that succeeds with `element` during `subscribe`.
  @inlinable
  public static func just(_ element: Element) -> Single<Element> {
    Single(raw: Observable.just(element))
  }

  /// A `Single` that succeeds with `element` on `scheduler`.
  public static func just(_ element: Element, scheduler: ImmediateSchedulerType)
    -> Single<Element>
  {
    Single(raw: Observable.just(element, scheduler: scheduler))
  }

  /// A `Single` that fails with `error` during `subscribe`.
  @inlinable
  public static func error(_ error: Swift.Error) -> Single<Element> {
    Single(raw: Observable.error(error))
  }

  /// A `Single` that never produces its outcome.
  @inlinable
  public static func never() -> Single<Element> {
    Single(raw: Observable.never())
  }

  /// Subscribes a closure that receives the outcome.
  ///
  /// After the outcome is delivered, the subscription disposes itself.
  @inlinable
  public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void) -> Disposable {
    primitiveSequence.source.subscribe(
      sink: { event in
        switch event {
        case .next(let element): observer(.success(element))
        case .error(let error): observer(.failure(error))
        case .completed: break
        }
      }, onDisposed: nil)
  }

  /// Subscribes closures to the outcome.
  ///
  /// `onDisposed` runs once when the subscription ends: after `onSuccess` or `onFailure`, or
  /// on disposal. Without `onFailure`, an error goes to `Hooks.defaultErrorHandler`.
  @inlinable
  public func subscribe(
    onSuccess: ((Element) -> Void)? = nil,
    onFailure: ((Swift.Error) -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    let onFailure = onFailure ?? Hooks.unhandledErrorReporter()
    return primitiveSequence.source.subscribe(
      sink: { event in
        switch event {
        case .next(let element): onSuccess?(element)
        case .error(let error): onFailure(error)
        case .completed: break
        }
      }, onDisposed: onDisposed)
  }

  /// Subscribes closures that receive `object` too, held weakly: once `object` is gone, the
  /// closures are no longer called.
  @inlinable
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onSuccess: ((Object, Element) -> Void)? = nil,
    onFailure: ((Object, Swift.Error) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    subscribe(
      onSuccess: { [weak object] element in
        guard let object else { return }
        onSuccess?(object, element)
      },
      onFailure: { [weak object] error in
        guard let object else { return }
        onFailure?(object, error)
      },
      onDisposed: { [weak object] in
        guard let object else { return }
        onDisposed?(object)
      })
  }
}
