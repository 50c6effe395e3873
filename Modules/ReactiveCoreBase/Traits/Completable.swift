/// The trait of `Completable`: completion or an error, no elements.
public enum CompletableTrait {}

/// A sequence that only completes or fails: the shape of a command whose result is "done".
public typealias Completable = PrimitiveSequence<CompletableTrait, Never>

/// The outcome of a `Completable`.
@frozen
public enum CompletableEvent: Sendable {
  /// The failure.
  case error(Swift.Error)
  /// The end.
  case completed
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
  /// The closure a `Completable.create` body reports its outcome to.
  ///
  /// It may be called from any thread, even from several at once: only the first report
  /// counts. Hence `@Sendable`: a callback on another queue can capture it.
  public typealias CompletableObserver = @Sendable (CompletableEvent) -> Void

  /// Creates a `Completable` from a subscribe closure.
  ///
  /// `subscribe` runs once per subscription and reports the outcome to the observer it
  /// receives; only the first report counts. It returns what to release when the
  /// subscription ends.
  public static func create(subscribe: @escaping (@escaping CompletableObserver) -> Disposable)
    -> Completable
  {
    Completable(
      raw: Observable.create { observer in
        let observer = UncheckedSendable(observer)
        let once = OnlyOnce()
        return subscribe { event in
          guard once.claim() else { return }
          switch event {
          case .error(let error): observer.value.on(.error(error))
          case .completed: observer.value.on(.completed)
          }
        }
      })
  }

  /// A `Completable` that completes during `subscribe`.
  @inlinable
  public static func empty() -> Completable {
    Completable(raw: Observable.empty())
  }

  /// A `Completable` that fails with `error` during `subscribe`.
  @inlinable
  public static func error(_ error: Swift.Error) -> Completable {
    Completable(raw: Observable.error(error))
  }

  /// A `Completable` that never ends.
  @inlinable
  public static func never() -> Completable {
    Completable(raw: Observable.never())
  }

  /// Subscribes a closure that receives the outcome.
  @inlinable
  public func subscribe(_ observer: @escaping (CompletableEvent) -> Void) -> Disposable {
    primitiveSequence.source.subscribe(
      sink: { event in
        switch event {
        case .next: break
        case .error(let error): observer(.error(error))
        case .completed: observer(.completed)
        }
      }, onDisposed: nil)
  }

  /// Subscribes closures to the outcome; `onDisposed` runs once when the subscription ends.
  /// Without `onError`, an error goes to `Hooks.defaultErrorHandler`.
  @inlinable
  public func subscribe(
    onCompleted: (() -> Void)? = nil,
    onError: ((Swift.Error) -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    let onError = onError ?? Hooks.unhandledErrorReporter()
    return primitiveSequence.source.subscribe(
      sink: { event in
        switch event {
        case .next: break
        case .error(let error): onError(error)
        case .completed: onCompleted?()
        }
      }, onDisposed: onDisposed)
  }

  /// Subscribes closures that receive `object` too, held weakly: once `object` is gone, the
  /// closures are no longer called.
  @inlinable
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onCompleted: ((Object) -> Void)? = nil,
    onError: ((Object, Swift.Error) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    subscribe(
      onCompleted: { [weak object] in
        guard let object else { return }
        onCompleted?(object)
      },
      onError: { [weak object] error in
        guard let object else { return }
        onError?(object, error)
      },
      onDisposed: { [weak object] in
        guard let object else { return }
        onDisposed?(object)
      })
  }
}
