// The arity overloads below repeat one pattern for two to eight sources.

extension PrimitiveSequenceType where Trait == SingleTrait {
  /// Waits for the two `Single`s and succeeds with `resultSelector` applied to their elements;
  /// fails as soon as one fails.
  @inlinable
  public static func zip<E1, E2>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    resultSelector: @escaping (E1, E2) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(source1.source, source2.source, resultSelector: resultSelector))
  }

  /// Waits for the 3 `Single`s and succeeds with `resultSelector` applied to their elements;
  /// fails as soon as one fails.
  @inlinable
  public static func zip<E1, E2, E3>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    resultSelector: @escaping (E1, E2, E3) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, resultSelector: resultSelector))
  }

  /// Waits for the 4 `Single`s and succeeds with `resultSelector` applied to their elements;
  /// fails as soon as one fails.
  @inlinable
  public static func zip<E1, E2, E3, E4>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source,
        resultSelector: resultSelector))
  }

  /// Waits for the 5 `Single`s and succeeds with `resultSelector` applied to their elements;
  /// fails as soon as one fails.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>,
    resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        resultSelector: resultSelector))
  }

  /// Waits for the 6 `Single`s and succeeds with `resultSelector` applied to their elements;
  /// fails as soon as one fails.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
    resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        source6.source, resultSelector: resultSelector))
  }

  /// Waits for the 7 `Single`s and succeeds with `resultSelector` applied to their elements;
  /// fails as soon as one fails.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6, E7>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>,
    resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        source6.source, source7.source, resultSelector: resultSelector))
  }

  /// Waits for the 8 `Single`s and succeeds with `resultSelector` applied to their elements;
  /// fails as soon as one fails.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>,
    resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        source6.source, source7.source, source8.source, resultSelector: resultSelector))
  }

  /// Waits for every `Single` of `collection` and succeeds with `resultSelector` applied to
  /// their elements, in the collection's order; an empty collection succeeds with
  /// `resultSelector([])`.
  public static func zip<Collection: Swift.Collection, Result>(
    _ collection: Collection, resultSelector: @escaping ([Element]) throws -> Result
  ) -> PrimitiveSequence<Trait, Result>
  where Collection.Element == PrimitiveSequence<Trait, Element> {
    if collection.isEmpty {
      return PrimitiveSequence<Trait, Result>(
        raw: Observable.deferred { .just(try resultSelector([])) })
    }
    return PrimitiveSequence<Trait, Result>(
      raw: Observable.zip(collection.map { $0.source }, resultSelector: resultSelector))
  }

  /// Waits for every `Single` of `collection` and succeeds with their elements, in the
  /// collection's order; an empty collection succeeds with `[]`.
  public static func zip<Collection: Swift.Collection>(_ collection: Collection)
    -> PrimitiveSequence<Trait, [Element]>
  where Collection.Element == PrimitiveSequence<Trait, Element> {
    zip(collection) { $0 }
  }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
  /// Waits for the 2 `Single`s and succeeds with their elements as a tuple.
  @inlinable
  public static func zip<E1, E2>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>
  ) -> PrimitiveSequence<Trait, (E1, E2)> {
    PrimitiveSequence<Trait, (E1, E2)>.zip(source1, source2) { ($0, $1) }
  }

  /// Waits for the 3 `Single`s and succeeds with their elements as a tuple.
  @inlinable
  public static func zip<E1, E2, E3>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3)> {
    PrimitiveSequence<Trait, (E1, E2, E3)>.zip(source1, source2, source3) { ($0, $1, $2) }
  }

  /// Waits for the 4 `Single`s and succeeds with their elements as a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4)> {
    PrimitiveSequence<Trait, (E1, E2, E3, E4)>.zip(source1, source2, source3, source4) {
      ($0, $1, $2, $3)
    }
  }

  /// Waits for the 5 `Single`s and succeeds with their elements as a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)> {
    PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)>.zip(source1, source2, source3, source4, source5)
    { ($0, $1, $2, $3, $4) }
  }

  /// Waits for the 6 `Single`s and succeeds with their elements as a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)> {
    PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)>.zip(
      source1, source2, source3, source4, source5, source6
    ) { ($0, $1, $2, $3, $4, $5) }
  }

  /// Waits for the 7 `Single`s and succeeds with their elements as a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6, E7>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)> {
    PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)>.zip(
      source1, source2, source3, source4, source5, source6, source7
    ) { ($0, $1, $2, $3, $4, $5, $6) }
  }

  /// Waits for the 8 `Single`s and succeeds with their elements as a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)> {
    PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)>.zip(
      source1, source2, source3, source4, source5, source6, source7, source8
    ) { ($0, $1, $2, $3, $4, $5, $6, $7) }
  }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
  /// Waits for the two `Maybe`s and emits `resultSelector` applied to their elements;
  /// fails as soon as one fails, and completes empty if one does.
  @inlinable
  public static func zip<E1, E2>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    resultSelector: @escaping (E1, E2) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(source1.source, source2.source, resultSelector: resultSelector))
  }

  /// Waits for the 3 `Maybe`s and emits `resultSelector` applied to their elements;
  /// fails as soon as one fails, and completes empty if one does.
  @inlinable
  public static func zip<E1, E2, E3>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    resultSelector: @escaping (E1, E2, E3) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, resultSelector: resultSelector))
  }

  /// Waits for the 4 `Maybe`s and emits `resultSelector` applied to their elements;
  /// fails as soon as one fails, and completes empty if one does.
  @inlinable
  public static func zip<E1, E2, E3, E4>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source,
        resultSelector: resultSelector))
  }

  /// Waits for the 5 `Maybe`s and emits `resultSelector` applied to their elements;
  /// fails as soon as one fails, and completes empty if one does.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>,
    resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        resultSelector: resultSelector))
  }

  /// Waits for the 6 `Maybe`s and emits `resultSelector` applied to their elements;
  /// fails as soon as one fails, and completes empty if one does.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
    resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        source6.source, resultSelector: resultSelector))
  }

  /// Waits for the 7 `Maybe`s and emits `resultSelector` applied to their elements;
  /// fails as soon as one fails, and completes empty if one does.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6, E7>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>,
    resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        source6.source, source7.source, resultSelector: resultSelector))
  }

  /// Waits for the 8 `Maybe`s and emits `resultSelector` applied to their elements;
  /// fails as soon as one fails, and completes empty if one does.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>,
    resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        source6.source, source7.source, source8.source, resultSelector: resultSelector))
  }

  /// Waits for every `Maybe` of `collection` and emits `resultSelector` applied to
  /// their elements, in the collection's order; an empty collection emits
  /// `resultSelector([])`.
  public static func zip<Collection: Swift.Collection, Result>(
    _ collection: Collection, resultSelector: @escaping ([Element]) throws -> Result
  ) -> PrimitiveSequence<Trait, Result>
  where Collection.Element == PrimitiveSequence<Trait, Element> {
    if collection.isEmpty {
      return PrimitiveSequence<Trait, Result>(
        raw: Observable.deferred { .just(try resultSelector([])) })
    }
    return PrimitiveSequence<Trait, Result>(
      raw: Observable.zip(collection.map { $0.source }, resultSelector: resultSelector))
  }

  /// Waits for every `Maybe` of `collection` and emits their elements, in the
  /// collection's order; an empty collection emits `[]`.
  public static func zip<Collection: Swift.Collection>(_ collection: Collection)
    -> PrimitiveSequence<Trait, [Element]>
  where Collection.Element == PrimitiveSequence<Trait, Element> {
    zip(collection) { $0 }
  }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
  /// Waits for the 2 `Maybe`s and emits their elements as a tuple.
  @inlinable
  public static func zip<E1, E2>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>
  ) -> PrimitiveSequence<Trait, (E1, E2)> {
    PrimitiveSequence<Trait, (E1, E2)>.zip(source1, source2) { ($0, $1) }
  }

  /// Waits for the 3 `Maybe`s and emits their elements as a tuple.
  @inlinable
  public static func zip<E1, E2, E3>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3)> {
    PrimitiveSequence<Trait, (E1, E2, E3)>.zip(source1, source2, source3) { ($0, $1, $2) }
  }

  /// Waits for the 4 `Maybe`s and emits their elements as a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4)> {
    PrimitiveSequence<Trait, (E1, E2, E3, E4)>.zip(source1, source2, source3, source4) {
      ($0, $1, $2, $3)
    }
  }

  /// Waits for the 5 `Maybe`s and emits their elements as a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)> {
    PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)>.zip(source1, source2, source3, source4, source5)
    { ($0, $1, $2, $3, $4) }
  }

  /// Waits for the 6 `Maybe`s and emits their elements as a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)> {
    PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)>.zip(
      source1, source2, source3, source4, source5, source6
    ) { ($0, $1, $2, $3, $4, $5) }
  }

  /// Waits for the 7 `Maybe`s and emits their elements as a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6, E7>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)> {
    PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)>.zip(
      source1, source2, source3, source4, source5, source6, source7
    ) { ($0, $1, $2, $3, $4, $5, $6) }
  }

  /// Waits for the 8 `Maybe`s and emits their elements as a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)> {
    PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)>.zip(
      source1, source2, source3, source4, source5, source6, source7, source8
    ) { ($0, $1, $2, $3, $4, $5, $6, $7) }
  }
}
