extension ObservableType {
  /// Mirrors whichever of this sequence and `right` sends an event first, and disposes the
  /// other at that moment.
  ///
  /// Completion and errors are those of the winner; disposing the result disposes whichever
  /// sequences are still subscribed.
  @inlinable
  public func amb<O2: ObservableType>(_ right: O2) -> Observable<Element>
  where O2.Element == Element {
    Observable.amb([asObservable(), right.asObservable()])
  }

  /// Mirrors whichever source of `sequence` sends an event first, and disposes all the others
  /// at that moment.
  ///
  /// The sources are subscribed in order; an empty sequence never emits. Completion and errors
  /// are those of the winner; disposing the result disposes the sources still subscribed.
  @inlinable
  public static func amb<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
  where Sequence.Element == Observable<Element> {
    Producer(Array(sequence)) { sources, sink, lifetime in
      // The state is the index of the winner, or -1 while there is none.
      let group = GroupSink(count: sources.count, state: -1, sink, lifetime)
      for (index, source) in sources.enumerated() {
        group.subscribe(source, at: index) { group, event in
          if group.state < 0 {
            group.state = index
            for other in group.inners.indices where other != index { group.finish(other) }
            // As in RxSwift, the losers are disposed before the winner's first event is sent.
            group.send(event, afterDisposingAllBut: index)
            return
          }
          guard group.state == index else { return }
          switch event {
          case .next(let value): group.forward(value)
          case .error, .completed: group.stop(event)
          }
        }
      }
      return group
    }
  }
}
