extension ObservableType {
  /// The elements of `sequence`'s sources, one source after another: each is subscribed when
  /// the previous one completed.
  ///
  /// The sources are taken from the sequence lazily, one per step, so it may be endless. The
  /// result completes after the last source completed, fails with the first error (no later
  /// source is subscribed), and disposing it disposes the running source. Sources that end
  /// synchronously are chained in a loop, not by recursion.
  @inlinable
  public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
  where Sequence.Element == Observable<Element> {
    Producer(sequence) { sequence, sink, lifetime in
      let chain = SourceChain(
        sequence.makeIterator(), advancesOnError: false, sink, lifetime)
      chain.advance()
      return chain
    }
  }

  /// The elements of the collection's sources, one source after another; see `concat(_:)`.
  @inlinable
  public static func concat<Collection: Swift.Collection>(_ collection: Collection)
    -> Observable<Element> where Collection.Element == Observable<Element>
  {
    Producer(collection) { collection, sink, lifetime in
      let chain = SourceChain(
        collection.makeIterator(), advancesOnError: false, sink, lifetime)
      chain.advance()
      return chain
    }
  }

  /// The elements of the sources, one source after another; see `concat(_:)`.
  @inlinable
  public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
    concat(sources)
  }

  /// The elements of this sequence, then, once it completed, those of `second`.
  ///
  /// An error from either ends the result; disposing it disposes the running one.
  @inlinable
  public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
  where Source.Element == Element {
    Observable.concat([asObservable(), second.asObservable()])
  }

  /// Projects each element to an inner sequence and emits their elements in order: an inner
  /// sequence is subscribed only after the previous one completed; the others wait in a queue.
  ///
  /// The result completes when this sequence and every inner sequence completed; an error from
  /// any of them, or thrown by `selector`, ends it. Disposing it disposes this sequence and the
  /// running inner sequence.
  @inlinable
  public func concatMap<Source: ObservableConvertibleType>(
    _ selector: @escaping (Element) throws -> Source
  ) -> Observable<Source.Element> {
    mergeLimited(asObservable(), maxConcurrent: 1) { try selector($0).asObservable() }
  }
}

extension ObservableType where Element: ObservableConvertibleType {
  /// The elements of each inner sequence, one after another, in the order they were emitted.
  ///
  /// Inner sequences that arrive while one is running wait in a queue. Completion, errors and
  /// disposal are as for `concatMap`.
  @inlinable
  public func concat() -> Observable<Element.Element> {
    merge(maxConcurrent: 1)
  }
}
