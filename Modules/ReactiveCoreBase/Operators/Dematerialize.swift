/// A value that carries an `Event`, so that `dematerialize` can turn a sequence of them back
/// into the events.
public protocol EventConvertible {
  /// The element type of the event.
  associatedtype Element

  /// The event.
  var event: Event<Element> { get }
}

extension Event: EventConvertible {
  /// The event itself.
  @inlinable public var event: Event<Element> { self }
}

extension ObservableType where Element: EventConvertible {
  /// Turns elements that carry events back into those events: the first terminal event
  /// carried ends the sequence.
  ///
  /// This sequence's own error is forwarded, and so is its completion.
  @inlinable
  public func dematerialize() -> Observable<Element.Element> {
    Producer(asObservable()) { source, sink, lifetime in
      let done = Box(false)
      return source.run(
        { event in
          guard !done.value else { return }
          switch event {
          case .next(let carrier):
            let inner = carrier.event
            if inner.isStopEvent { done.value = true }
            sink(inner)
          case .error(let error):
            done.value = true
            sink(.error(error))
          case .completed:
            done.value = true
            sink(.completed)
          }
        }, lifetime)
    }
  }
}
