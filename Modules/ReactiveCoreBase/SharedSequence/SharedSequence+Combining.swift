// `combineLatest` and `zip` of a collection of `Driver`s or `Signal`s of one kind, `concat` and
// `merge`; the forms for 2 to 4 sources are generated, in SharedSequence+Combining+Arity.swift.
// The result selectors cannot throw, which keeps the result infallible. The result must be
// subscribed on the main queue if any source delivers there.

extension SharedSequence {
  /// `resultSelector` applied to the latest elements of every source, each time one emits
  /// (once each has emitted).
  @inlinable
  public static func combineLatest<Collection: Swift.Collection>(
    _ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) -> Element
  ) -> SharedSequence
  where
    Collection.Element: SharedSequenceConvertibleType,
    Collection.Element.SharingStrategy == SharingStrategy
  {
    let shared = collection.map { $0.asSharedSequence() }
    return SharedSequence(
      Observable.combineLatest(shared.map { $0.source }, resultSelector: resultSelector),
      deliversOnMain: shared.contains { $0.deliversOnMain })
  }

  /// The latest elements of every source, each time one emits (once each has emitted).
  @inlinable
  public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection)
    -> SharedSequence<SharingStrategy, [Element]>
  where Collection.Element == SharedSequence {
    SharedSequence<SharingStrategy, [Element]>.combineLatest(collection) { $0 }
  }

  /// `resultSelector` applied to the elements of every source, paired in order.
  @inlinable
  public static func zip<Collection: Swift.Collection>(
    _ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) -> Element
  ) -> SharedSequence
  where
    Collection.Element: SharedSequenceConvertibleType,
    Collection.Element.SharingStrategy == SharingStrategy
  {
    let shared = collection.map { $0.asSharedSequence() }
    return SharedSequence(
      Observable.zip(shared.map { $0.source }, resultSelector: resultSelector),
      deliversOnMain: shared.contains { $0.deliversOnMain })
  }

  /// The elements of every source, paired in order.
  @inlinable
  public static func zip<Collection: Swift.Collection>(_ collection: Collection)
    -> SharedSequence<SharingStrategy, [Element]>
  where Collection.Element == SharedSequence {
    SharedSequence<SharingStrategy, [Element]>.zip(collection) { $0 }
  }

  /// The elements of each source in turn: the next source is subscribed when the previous
  /// one completes.
  @inlinable
  public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence
  where Sequence.Element == SharedSequence {
    let sources = Array(sequence)
    return SharedSequence(
      Observable.concat(sources.map { $0.source }),
      deliversOnMain: sources.contains { $0.deliversOnMain })
  }

  /// The elements of each source in turn: the next source is subscribed when the previous
  /// one completes.
  @inlinable
  public static func concat<Collection: Swift.Collection>(_ collection: Collection)
    -> SharedSequence where Collection.Element == SharedSequence
  {
    SharedSequence(
      Observable.concat(collection.map { $0.source }),
      deliversOnMain: collection.contains { $0.deliversOnMain })
  }

  /// The elements of every source, as they come; completes when all have completed.
  @inlinable
  public static func merge<Collection: Swift.Collection>(_ sources: Collection)
    -> SharedSequence where Collection.Element == SharedSequence
  {
    SharedSequence(
      Observable.merge(sources.map { $0.source }),
      deliversOnMain: sources.contains { $0.deliversOnMain })
  }

  /// The elements of every source, as they come; completes when all have completed.
  @inlinable
  public static func merge(_ sources: [SharedSequence]) -> SharedSequence {
    SharedSequence(
      Observable.merge(sources.map { $0.source }),
      deliversOnMain: sources.contains { $0.deliversOnMain })
  }

  /// The elements of every source, as they come; completes when all have completed.
  @inlinable
  public static func merge(_ sources: SharedSequence...) -> SharedSequence {
    merge(sources)
  }
}
