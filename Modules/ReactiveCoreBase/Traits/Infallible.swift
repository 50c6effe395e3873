/// A type that can present itself as a sequence that never fails.
public protocol InfallibleType: ObservableConvertibleType {}

/// A sequence that never fails: elements, then perhaps completion, never an error.
///
/// Make one from a sequence that may fail with `asInfallible(onErrorJustReturn:)`,
/// `asInfallible(onErrorFallbackTo:)` or `asInfallible(onErrorRecover:)`, or from a relay
/// with `asInfallible()`. Unlike `Driver` and `Signal`, an `Infallible` says nothing about
/// threads and does not share its subscription.
public struct Infallible<Element>: InfallibleType, Sendable {
  /// The underlying sequence, which never fails.
  @usableFromInline let source: Observable<Element>

  /// Wraps a sequence that never fails.
  @inlinable init(_ source: Observable<Element>) {
    self.source = source
  }

  /// The sequence as a plain `Observable`, with the same events.
  @inlinable public func asObservable() -> Observable<Element> { source }
}

/// An event of an `Infallible`: an element, or the end.
@frozen
public enum InfallibleEvent<Element> {
  /// An element.
  case next(Element)
  /// The end of the sequence.
  case completed

  /// The same event as an `Event`.
  @inlinable public var event: Event<Element> {
    switch self {
    case .next(let element): return .next(element)
    case .completed: return .completed
    }
  }
}

extension InfallibleEvent: @unchecked Sendable where Element: Sendable {}

extension InfallibleType {
  /// The closure an `Infallible.create` body sends its events to.
  public typealias InfallibleObserver = (InfallibleEvent<Element>) -> Void

  /// Creates an `Infallible` from a subscribe closure, which runs once per subscription,
  /// sends events to the observer it receives (events after `.completed` are dropped) and
  /// returns what to release when the subscription ends.
  public static func create(subscribe: @escaping (@escaping InfallibleObserver) -> Disposable)
    -> Infallible<Element>
  {
    Infallible(
      Observable.create { observer in
        subscribe { observer.on($0.event) }
      })
  }

  /// One element, then completion, during `subscribe`.
  @inlinable
  public static func just(_ element: Element) -> Infallible<Element> {
    Infallible(Observable.just(element))
  }

  /// One element, then completion, on `scheduler`.
  public static func just(_ element: Element, scheduler: ImmediateSchedulerType)
    -> Infallible<Element>
  {
    Infallible(Observable.just(element, scheduler: scheduler))
  }

  /// Completion, without elements.
  @inlinable
  public static func empty() -> Infallible<Element> {
    Infallible(Observable.empty())
  }

  /// Nothing, ever.
  @inlinable
  public static func never() -> Infallible<Element> {
    Infallible(Observable.never())
  }

  /// The given elements, then completion.
  public static func of(
    _ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Infallible<Element> {
    Infallible(Observable.from(elements, scheduler: scheduler))
  }

  /// The elements of `array`, then completion.
  public static func from(
    _ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Infallible<Element> {
    Infallible(Observable.from(array, scheduler: scheduler))
  }

  /// The elements of `sequence`, then completion.
  public static func from<Source: Sequence>(
    _ sequence: Source, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Infallible<Element> where Source.Element == Element {
    Infallible(Observable.from(sequence, scheduler: scheduler))
  }

  /// A sequence made anew for each subscriber by `factory`.
  public static func deferred(_ factory: @escaping () -> Infallible<Element>)
    -> Infallible<Element>
  {
    Infallible(Observable.deferred { factory().source })
  }

  /// Subscribes closures to the elements and the completion; `onDisposed` runs once when the
  /// subscription ends.
  @inlinable
  public func subscribe(
    onNext: ((Element) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    asObservable().subscribe(
      sink: { event in
        switch event {
        case .next(let element): onNext?(element)
        case .completed: onCompleted?()
        case .error(let error): bindingFailed(error)
        }
      }, onDisposed: onDisposed)
  }

  /// Subscribes closures that receive `object` too, held weakly: once `object` is gone, the
  /// closures are no longer called.
  @inlinable
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onNext: ((Object, Element) -> Void)? = nil,
    onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    subscribe(
      onNext: { [weak object] element in
        guard let object else { return }
        onNext?(object, element)
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

  /// Subscribes a closure that receives every event (never `.error`).
  @inlinable
  public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
    asObservable().subscribe(on)
  }
}

extension ObservableConvertibleType {
  /// The sequence as an `Infallible` that, on error, emits `element` and completes.
  @inlinable
  public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
    Infallible(asObservable().catchAndReturn(element))
  }

  /// The sequence as an `Infallible` that, on error, continues with `infallible`.
  @inlinable
  public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>)
    -> Infallible<Element>
  {
    Infallible(asObservable().catch { _ in infallible.source })
  }

  /// The sequence as an `Infallible` that, on error, continues with the sequence
  /// `onErrorRecover` returns for that error.
  @inlinable
  public func asInfallible(onErrorRecover: @escaping (Swift.Error) -> Infallible<Element>)
    -> Infallible<Element>
  {
    Infallible(asObservable().catch { onErrorRecover($0).source })
  }
}

extension PublishRelay {
  /// The relay as an `Infallible`: relays never fail.
  public func asInfallible() -> Infallible<Element> { Infallible(asObservable()) }
}

extension BehaviorRelay {
  /// The relay as an `Infallible`: relays never fail.
  public func asInfallible() -> Infallible<Element> { Infallible(asObservable()) }
}

extension ReplayRelay {
  /// The relay as an `Infallible`: relays never fail.
  public func asInfallible() -> Infallible<Element> { Infallible(asObservable()) }
}
