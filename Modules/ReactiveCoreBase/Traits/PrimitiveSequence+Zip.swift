// `zip` of a collection of `Single`s or `Maybe`s; the forms for 2 to 8 sources are generated,
// in PrimitiveSequence+Zip+Arity.swift.

extension PrimitiveSequenceType where Trait == SingleTrait {
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

extension PrimitiveSequenceType where Trait == MaybeTrait {
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
