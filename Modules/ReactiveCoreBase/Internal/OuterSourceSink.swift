/// An operator engine whose inner sources are started by the elements of an outer source
/// (`MergeSink`, `SwitchSink`). The outer subscription is the same for all of them: a child
/// lifetime of the operator, whose elements go to a handler, whose error fails the operator
/// and whose completion the engine decides about.
@usableFromInline
protocol OuterSourceSink: AnyObject, Disposable {
  /// The engine's lock for its bookkeeping, which guards `outer` and is never held while
  /// calling out.
  var stateLock: Lock { get }
  /// The operator's lifetime, the parent of the outer subscription.
  var lifetime: Lifetime { get }
  /// The subscription to the outer source, once made.
  var outer: InnerSubscription? { get set }
  /// Ends the operator with `error`, once.
  func fail(_ error: Swift.Error)
  /// Handles the outer source's completion.
  func outerCompleted()
}

extension OuterSourceSink {
  /// Subscribes the outer source, whose elements `handle` turns into inner sources, and
  /// returns the engine as the operator's disposable.
  @inlinable func subscribeOuter<Outer>(
    _ source: Observable<Outer>, onNext handle: @escaping (Outer) -> Void
  ) -> Disposable {
    let outer = InnerSubscription(parent: lifetime)
    stateLock.lock()
    self.outer = outer
    stateLock.unlock()
    outer.setDisposable(
      source.run(
        { [self] event in
          guard outer.isActive else { return }
          switch event {
          case .next(let value): handle(value)
          case .error(let error): self.fail(error)
          case .completed: self.outerCompleted()
          }
        }, outer))
    return self
  }
}
