import Synchronization

extension ObservableType {
  /// Runs side effects for each event and for the subscription's lifecycle, and mirrors the
  /// sequence.
  ///
  /// `onNext`, `onError` and `onCompleted` run before the event is forwarded, `afterNext`,
  /// `afterError` and `afterCompleted` after it. An error thrown by a handler ends the sequence
  /// with that error instead (an error thrown after the terminal event was forwarded is
  /// dropped). `onSubscribe` runs before subscribing to this sequence, `onSubscribed` after,
  /// and `onDispose` once when the subscription ends, whether by a terminal event or by
  /// disposal.
  @inlinable
  public func `do`(
    onNext: ((Element) throws -> Void)? = nil,
    afterNext: ((Element) throws -> Void)? = nil,
    onError: ((Swift.Error) throws -> Void)? = nil,
    afterError: ((Swift.Error) throws -> Void)? = nil,
    onCompleted: (() throws -> Void)? = nil,
    afterCompleted: (() throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> Observable<Element> {
    let handlers = DoHandlers(
      onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
      onCompleted: onCompleted, afterCompleted: afterCompleted)
    let runsAfterStop = afterError != nil || afterCompleted != nil
    return DoProducer(asObservable()) { source, sink, lifetime, feedsSubscriber in
      onSubscribe?()
      // With `onDispose`, a terminal event ends this subscription as soon as it passed through
      // (as each of RxSwift's operators disposes itself then), not when the subscriber later
      // disposes: `onDispose` runs at the time of the terminal event even when an operator
      // downstream, such as `observe(on:)`, delivers that event later.
      let ending = onDispose.map(DoEnding.init)
      // Right above `subscribe`, the subscriber disposes the chain when the terminal event
      // reaches it; RxSwift's `do` runs `afterCompleted`/`afterError` before that disposal
      // reaches the sources, so it waits until they ran.
      let gate = feedsSubscriber && runsAfterStop ? DisposalGate() : nil
      let subscription = source.run(
        { event in
          do { try handlers.before(event) } catch {
            sink(.error(error))
            ending?.dispose()
            return
          }
          let holds = event.isStopEvent && gate?.hold() == true
          sink(event)
          do { try handlers.after(event) } catch {
            if !event.isStopEvent { sink(.error(error)) }
          }
          if event.isStopEvent { ending?.dispose() }
          if holds { gate?.release() }
        }, lifetime)
      onSubscribed?()
      var upstream: Disposable = subscription
      if let ending {
        ending.arm(subscription)
        upstream = ending
      }
      guard let gate else { return upstream }
      gate.arm(upstream)
      return gate
    }
  }
}

/// A `do` operator: a producer that knows whether it feeds the subscriber directly (it was
/// subscribed by `subscribe`, with nothing between them).
@usableFromInline
final class DoProducer<Element>: Observable<Element>, @unchecked Sendable {
  // Immutable.
  @usableFromInline let source: Observable<Element>
  @usableFromInline let body:
    (Observable<Element>, @escaping EventSink<Element>, Lifetime, Bool) -> Disposable

  @inlinable init(
    _ source: Observable<Element>,
    _ body:
      @escaping (Observable<Element>, @escaping EventSink<Element>, Lifetime, Bool) ->
      Disposable
  ) {
    self.source = source
    self.body = body
    super.init()
  }

  @inlinable override func run(_ sink: @escaping EventSink<Element>, _ lifetime: Lifetime)
    -> Disposable
  {
    body(source, sink, lifetime, false)
  }

  @inlinable override func runFinal(
    _ handlers: SubscriptionHandlers<Element>, _ sink: @escaping EventSink<Element>,
    _ lifetime: Lifetime
  ) -> Disposable {
    body(source, sink, lifetime, true)
  }
}

/// Holds back the disposal of a `do`'s upstream while that `do` forwards a terminal event and
/// runs its after-handlers, so that the subscriber's disposal, made as the event reaches it,
/// reaches the sources only after them, as in RxSwift.
@usableFromInline
final class DisposalGate: Disposable, @unchecked Sendable {
  // `upstream` is thread-safe; `state` is atomic.
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let state = Atomic<Int>(0)

  /// Set while a terminal event is being forwarded.
  @usableFromInline static var heldBit: Int { 1 }
  /// Set by the first `dispose()`.
  @usableFromInline static var disposedBit: Int { 2 }

  @inlinable init() {}

  @inlinable func arm(_ disposable: Disposable) { upstream.setDisposable(disposable) }

  /// Starts holding disposals back; false if the gate was disposed already.
  @inlinable func hold() -> Bool {
    state.bitwiseOr(Self.heldBit, ordering: .acquiringAndReleasing).oldValue & Self.disposedBit
      == 0
  }

  /// Stops holding disposals back, and disposes now if one was asked for meanwhile.
  @inlinable func release() {
    let old = state.bitwiseAnd(~Self.heldBit, ordering: .acquiringAndReleasing).oldValue
    if old & Self.disposedBit != 0 { upstream.dispose() }
  }

  @inlinable func dispose() {
    let old = state.bitwiseOr(Self.disposedBit, ordering: .acquiringAndReleasing).oldValue
    if old & (Self.heldBit | Self.disposedBit) == 0 { upstream.dispose() }
  }
}

/// The end of a `do` subscription with `onDispose`: disposes the upstream subscription, then
/// runs `onDispose`, once, at the terminal event or at disposal, whichever comes first.
///
/// A terminal event that comes while the source is being subscribed (a synchronous source)
/// only marks the end: it happens once subscribing returned and `onSubscribed` ran, as in
/// RxSwift, whose disposer ends a subscription only once it holds it.
@usableFromInline
final class DoEnding: Disposable, @unchecked Sendable {
  // `upstream` is thread-safe, `state` atomic, `onDispose` immutable.
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let state = Atomic<Int>(0)
  @usableFromInline let onDispose: () -> Void

  /// Set by `arm`: the subscription was made and `onSubscribed` ran.
  @usableFromInline static var armedBit: Int { 1 }
  /// Set by the first `dispose()`.
  @usableFromInline static var endedBit: Int { 2 }

  @inlinable init(_ onDispose: @escaping () -> Void) {
    self.onDispose = onDispose
  }

  /// Takes the source's subscription once subscribing returned; ends now if the end came first.
  @inlinable func arm(_ subscription: Disposable) {
    upstream.setDisposable(subscription)
    let old = state.bitwiseOr(Self.armedBit, ordering: .acquiringAndReleasing).oldValue
    if old & Self.endedBit != 0 { end() }
  }

  @inlinable func dispose() {
    let old = state.bitwiseOr(Self.endedBit, ordering: .acquiringAndReleasing).oldValue
    if old == Self.armedBit { end() }
  }

  @inlinable func end() {
    upstream.dispose()
    onDispose()
  }
}

/// The per-event closures of `do`.
@usableFromInline
struct DoHandlers<Element> {
  @usableFromInline let onNext: ((Element) throws -> Void)?
  @usableFromInline let afterNext: ((Element) throws -> Void)?
  @usableFromInline let onError: ((Swift.Error) throws -> Void)?
  @usableFromInline let afterError: ((Swift.Error) throws -> Void)?
  @usableFromInline let onCompleted: (() throws -> Void)?
  @usableFromInline let afterCompleted: (() throws -> Void)?

  @inlinable init(
    onNext: ((Element) throws -> Void)?, afterNext: ((Element) throws -> Void)?,
    onError: ((Swift.Error) throws -> Void)?, afterError: ((Swift.Error) throws -> Void)?,
    onCompleted: (() throws -> Void)?, afterCompleted: (() throws -> Void)?
  ) {
    self.onNext = onNext
    self.afterNext = afterNext
    self.onError = onError
    self.afterError = afterError
    self.onCompleted = onCompleted
    self.afterCompleted = afterCompleted
  }

  @inlinable func before(_ event: Event<Element>) throws {
    switch event {
    case .next(let value): try onNext?(value)
    case .error(let error): try onError?(error)
    case .completed: try onCompleted?()
    }
  }

  @inlinable func after(_ event: Event<Element>) throws {
    switch event {
    case .next(let value): try afterNext?(value)
    case .error(let error): try afterError?(error)
    case .completed: try afterCompleted?()
    }
  }
}
