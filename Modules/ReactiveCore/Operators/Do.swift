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
    return Producer((asObservable(), handlers, onSubscribe, onSubscribed, onDispose)) {
      payload, sink, lifetime in
      let (source, handlers, onSubscribe, onSubscribed, onDispose) = payload
      onSubscribe?()
      // With `onDispose`, a terminal event ends this subscription as soon as it passed through
      // (as each of RxSwift's operators disposes itself then), not when the subscriber later
      // disposes: `onDispose` runs at the time of the terminal event even when an operator
      // downstream, such as `observe(on:)`, delivers that event later.
      let ending = onDispose.map(DoEnding.init)
      let subscription = source.run(
        { event in
          do { try handlers.before(event) } catch {
            sink(.error(error))
            ending?.dispose()
            return
          }
          sink(event)
          do { try handlers.after(event) } catch {
            if !event.isStopEvent { sink(.error(error)) }
          }
          if event.isStopEvent { ending?.dispose() }
        }, lifetime)
      onSubscribed?()
      guard let ending else { return subscription }
      ending.arm(subscription)
      return ending
    }
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
