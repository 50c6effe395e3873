#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The closure form of an observer, used inside the library.
@usableFromInline typealias EventSink<Element> = (Event<Element>) -> Void

/// A push-based sequence of elements of one type.
///
/// An `Observable` is a recipe: nothing happens until something subscribes, and each
/// subscription runs the recipe anew (unless an operator such as `share` says otherwise).
/// Subscribing is thread-safe, which is why the type is `Sendable`; the closures given to
/// operators run on the thread where the source emits (see the threading contract in the
/// README).
public class Observable<Element>: ObservableType, @unchecked Sendable {  // immutable after init
  /// Whether subscribing makes this call the thread's trampoline when none runs (see
  /// `subscribeGuarded`). As in RxSwift, where only its `Producer` subscribes through the
  /// trampoline, it is `false` for the sources that deliver during `subscribe` without
  /// scheduling anything (`just(_:)`, `empty()`, `error(_:)`, `never()`, `from(optional:)`), for
  /// subjects (and so relays), connectable sequences, `groupBy`'s groups and the sequences of
  /// `share(replay:scope:)` with a replay of 0 or 1 while connected. Those that subscribe a
  /// source of their own (`connect()`, say) do it through `runOnTrampoline`, as RxSwift's
  /// subscribe to a producer does.
  @usableFromInline let startsTrampoline: Bool

  @usableFromInline init() { startsTrampoline = true }

  /// For a sequence that never starts the trampoline itself (see `startsTrampoline`).
  @usableFromInline init(startsTrampoline: Bool) { self.startsTrampoline = startsTrampoline }

  /// Subscribes `observer`; see `ObservableType.subscribe(_:)`.
  ///
  /// After a terminal event is delivered, the subscription disposes itself. Disposing it stops
  /// delivery at once.
  @inlinable
  public final func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    subscribeGuarded(
      onNext: { observer.on(.next($0)) }, onError: { observer.on(.error($0)) },
      onCompleted: { observer.on(.completed) }, onDisposed: nil)
  }

  /// Returns `self`.
  @inlinable public final func asObservable() -> Observable<Element> { self }

  /// Subscribes an event closure through the same guard as `subscribeGuarded`.
  @inlinable
  final func subscribe(sink: @escaping EventSink<Element>, onDisposed: (() -> Void)?) -> Disposable
  {
    subscribeGuarded(
      onNext: { sink(.next($0)) }, onError: { sink(.error($0)) },
      onCompleted: { sink(.completed) }, onDisposed: onDisposed)
  }

  /// Subscribes handlers through a guard that enforces the grammar for the final observer and
  /// counts the subscription as a live resource.
  ///
  /// Subscribing goes through the thread's trampoline (see `CurrentThreadScheduler`): when none
  /// runs, this call becomes it, so the steps that synchronous sources queue while subscribing
  /// run, in order, before it returns. The sequences whose `startsTrampoline` is `false` are the
  /// exception, as in RxSwift: a `just(_:)` or a subject, say, delivers at once without starting
  /// a trampoline, so work its subscriber schedules on the current thread runs at once too.
  ///
  /// Final, like both `subscribe` methods, so a call from another module is specialised for
  /// the caller's types instead of running the generic code.
  @inlinable
  final func subscribeGuarded(
    onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?,
    onCompleted: (() -> Void)?, onDisposed: (() -> Void)?
  ) -> Disposable {
    let subscription = Subscription<Element>(onDisposed: onDisposed)
    let handlers = SubscriptionHandlers(
      subscription, onNext: onNext, onError: onError, onCompleted: onCompleted)
    let sink: EventSink<Element> = { handlers.on($0) }
    guard startsTrampoline else {
      subscription.setUpstream(runFinal(handlers, sink, subscription))
      return subscription
    }
    let trampoline = Trampoline.current
    if trampoline.isRunning {
      subscription.setUpstream(runFinal(handlers, sink, subscription))
    } else {
      trampoline.isRunning = true
      subscription.setUpstream(runFinal(handlers, sink, subscription))
      trampoline.finish()
    }
    return subscription
  }

  /// `run`, through the thread's trampoline: when none runs, this call becomes it, as a public
  /// `subscribe` does. Operators that subscribe an inner source while handling an event
  /// (`flatMap`, `merge`, `switchLatest`, …) use it, so that the synchronous sources inside
  /// that inner source take turns as they would in a `subscribe` of their own.
  ///
  /// `key` is `trampolineKey`, which an operator that calls this per element reads once and
  /// keeps, so that each call skips the global's lazy-initialisation check. When the thread's
  /// trampoline runs already, this costs a thread-local read and one load before `run`. A
  /// sequence whose `startsTrampoline` is `false` runs without one, as in `subscribeGuarded`.
  @inlinable
  final func runOnTrampoline(
    _ sink: @escaping EventSink<Element>, _ lifetime: Lifetime,
    key: pthread_key_t = trampolineKey
  ) -> Disposable {
    guard startsTrampoline else { return run(sink, lifetime) }
    guard let raw = pthread_getspecific(key) else {
      return Trampoline.makeCurrent().run { run(sink, lifetime) }
    }
    // The thread's key holds the trampoline for the thread's life: no reference is needed.
    let trampoline = Unmanaged<Trampoline>.fromOpaque(raw)
    if trampoline._withUnsafeGuaranteedRef({ $0.isRunning }) { return run(sink, lifetime) }
    trampoline._withUnsafeGuaranteedRef { $0.isRunning = true }
    let disposable = run(sink, lifetime)
    trampoline._withUnsafeGuaranteedRef { $0.finish() }
    return disposable
  }

  /// `run` for the guard of a public `subscribe`: `sink` forwards to `handlers`. A source that
  /// can deliver elements to the handlers more cheaply than through `sink` overrides it
  /// (`PublishSubject` does).
  @usableFromInline
  func runFinal(
    _ handlers: SubscriptionHandlers<Element>, _ sink: @escaping EventSink<Element>,
    _ lifetime: Lifetime
  ) -> Disposable {
    run(sink, lifetime)
  }

  /// Starts the sequence for one subscriber. Operators call this directly, without the guard
  /// of `subscribe`; each one keeps the grammar for what it emits.
  @usableFromInline
  func run(_ sink: @escaping EventSink<Element>, _ lifetime: Lifetime) -> Disposable {
    fatalError("Observable.run must be overridden")
  }
}

/// An observable whose subscription logic is a closure over a stored payload.
///
/// Operators create one per use: the payload holds the operator's sources and values, and the
/// closure is written inside the generic operator function, so it is specialised for the
/// caller's types. The operator's own closures are best captured by that closure rather than
/// stored in the payload, where their generic layout would need a conversion thunk per call.
@usableFromInline
final class Producer<Element, Payload>: Observable<Element>, @unchecked Sendable {
  @usableFromInline let payload: Payload
  @usableFromInline let body: (Payload, @escaping EventSink<Element>, Lifetime) -> Disposable

  /// A producer that `run`s `body` with `payload`; `startsTrampoline` is `Observable`'s.
  @inlinable
  init(
    _ payload: Payload, startsTrampoline: Bool = true,
    _ body: @escaping (Payload, @escaping EventSink<Element>, Lifetime) -> Disposable
  ) {
    self.payload = payload
    self.body = body
    super.init(startsTrampoline: startsTrampoline)
  }

  @inlinable
  override func run(_ sink: @escaping EventSink<Element>, _ lifetime: Lifetime) -> Disposable {
    body(payload, sink, lifetime)
  }
}
