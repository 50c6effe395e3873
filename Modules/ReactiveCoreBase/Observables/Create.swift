import Synchronization

extension ObservableType {
  /// Creates an observable from a subscribe closure.
  ///
  /// `subscribe` runs once per subscription with an observer to send events to, and returns
  /// what to release when the subscription ends. The observer enforces the grammar: events
  /// after a terminal event or after disposal are dropped. The returned disposable is disposed
  /// right after a terminal event is delivered, or when the subscription is disposed.
  @inlinable
  public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable)
    -> Observable<Element>
  {
    Producer(subscribe) { subscribe, sink, lifetime in
      let guarded = CreateSink(sink, lifetime)
      guarded.setDisposable(subscribe(AnyObserver(eventHandler: guarded.on)))
      return guarded
    }
  }
}

/// The observer given to a `create` closure, and the disposable of that subscription.
@usableFromInline
final class CreateSink<Element>: Disposable, @unchecked Sendable {
  // `sink` and `lifetime` are immutable; `stopped` is atomic; `resource` is thread-safe.
  @usableFromInline let sink: EventSink<Element>
  @usableFromInline let lifetime: Lifetime
  @usableFromInline let stopped = Atomic<Bool>(false)
  @usableFromInline let resource = SingleAssignmentDisposable()
  /// Whether a terminal event disposes `resource` at once (otherwise only `dispose()` does).
  @usableFromInline let disposesOnStop: Bool

  @inlinable init(
    _ sink: @escaping EventSink<Element>, _ lifetime: Lifetime, disposesOnStop: Bool = true
  ) {
    self.sink = sink
    self.lifetime = lifetime
    self.disposesOnStop = disposesOnStop
  }

  @inlinable func on(_ event: Event<Element>) {
    guard !lifetime.isEnded, !stopped.load(ordering: .acquiring) else { return }
    if event.isStopEvent {
      guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
      sink(event)
      if disposesOnStop { resource.dispose() }
    } else {
      sink(event)
    }
  }

  @inlinable func setDisposable(_ disposable: Disposable) { resource.setDisposable(disposable) }

  @inlinable func dispose() {
    stopped.store(true, ordering: .releasing)
    resource.dispose()
  }
}
