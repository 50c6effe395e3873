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
      let subscription = source.run(
        { event in
          do { try handlers.before(event) } catch {
            sink(.error(error))
            return
          }
          sink(event)
          do { try handlers.after(event) } catch {
            if !event.isStopEvent { sink(.error(error)) }
          }
        }, lifetime)
      onSubscribed?()
      guard let onDispose else { return subscription }
      return Disposables.create(with: {
        subscription.dispose()
        onDispose()
      })
    }
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
