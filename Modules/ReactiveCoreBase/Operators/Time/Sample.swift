extension ObservableType {
  /// Emits, at each element or completion of `sampler`, the latest element of the source since
  /// the previous sample; when there is none, emits `defaultValue` if given, else nothing.
  ///
  /// The source's completion is held until the next sample, which emits the latest element (if
  /// any) and then completes. An error of either sequence is forwarded at once.
  @inlinable
  public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil)
    -> Observable<Element>
  {
    Producer((asObservable(), sampler.asObservable(), defaultValue)) { payload, sink, lifetime in
      let state = SampleSink<Element>(sink, defaultValue: payload.2)
      state.upstream.setDisposable(payload.0.run(state.on, lifetime))
      state.timer.disposable = payload.1.run(state.sample, lifetime)
      return state
    }
  }
}

@usableFromInline
final class SampleSink<Element>: TimedSink<Element>, @unchecked Sendable {
  // `element` and `atEnd` are guarded by `lock`; `timer` holds the sampler's subscription.
  @usableFromInline let defaultValue: Element?
  @usableFromInline @exclusivity(unchecked) var element: Element?
  @usableFromInline @exclusivity(unchecked) var atEnd = false

  @inlinable init(_ sink: @escaping EventSink<Element>, defaultValue: Element?) {
    self.defaultValue = defaultValue
    super.init(sink)
  }

  @inlinable func on(_ event: Event<Element>) {
    lock.lock()
    defer { lock.unlock() }
    switch event {
    case .next(let value): element = value
    case .error: forward(event)
    case .completed:
      atEnd = true
      upstream.dispose()
    }
  }

  @inlinable func sample<Tick>(_ event: Event<Tick>) {
    lock.lock()
    defer { lock.unlock() }
    switch event {
    case .next, .completed:
      if let value = element {
        element = nil
        forward(.next(value))
      } else if let defaultValue {
        forward(.next(defaultValue))
      }
      if atEnd { forward(.completed) }
    case .error(let error):
      forward(.error(error))
    }
  }
}
