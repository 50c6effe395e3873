// `combineLatest`, `zip` and `merge` of `Driver`s or `Signal`s of one kind. The result
// selectors cannot throw, which keeps the result infallible. The result must be subscribed on
// the main queue if any source delivers there. The arity overloads repeat one pattern.

extension SharedSequence {
  /// `resultSelector` applied to the latest elements of the 2 sources, each time one emits
  /// (once each has emitted).
  @inlinable
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2,
    resultSelector: @escaping (O1.Element, O2.Element) -> Element
  ) -> SharedSequence
  where
    SharingStrategy == O1.SharingStrategy,
    SharingStrategy == O2.SharingStrategy
  {
    let shared1 = source1.asSharedSequence()
    let shared2 = source2.asSharedSequence()
    return SharedSequence(
      Observable.combineLatest(shared1.source, shared2.source, resultSelector: resultSelector),
      deliversOnMain: shared1.deliversOnMain || shared2.deliversOnMain)
  }

  /// `resultSelector` applied to the latest elements of the 3 sources, each time one emits
  /// (once each has emitted).
  @inlinable
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
    O3: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element) -> Element
  ) -> SharedSequence
  where
    SharingStrategy == O1.SharingStrategy,
    SharingStrategy == O2.SharingStrategy,
    SharingStrategy == O3.SharingStrategy
  {
    let shared1 = source1.asSharedSequence()
    let shared2 = source2.asSharedSequence()
    let shared3 = source3.asSharedSequence()
    return SharedSequence(
      Observable.combineLatest(
        shared1.source, shared2.source, shared3.source, resultSelector: resultSelector),
      deliversOnMain: shared1.deliversOnMain || shared2.deliversOnMain || shared3.deliversOnMain)
  }

  /// `resultSelector` applied to the latest elements of the 4 sources, each time one emits
  /// (once each has emitted).
  @inlinable
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
    O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) -> Element
  ) -> SharedSequence
  where
    SharingStrategy == O1.SharingStrategy,
    SharingStrategy == O2.SharingStrategy,
    SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy
  {
    let shared1 = source1.asSharedSequence()
    let shared2 = source2.asSharedSequence()
    let shared3 = source3.asSharedSequence()
    let shared4 = source4.asSharedSequence()
    return SharedSequence(
      Observable.combineLatest(
        shared1.source, shared2.source, shared3.source, shared4.source,
        resultSelector: resultSelector),
      deliversOnMain: shared1.deliversOnMain || shared2.deliversOnMain || shared3.deliversOnMain
        || shared4.deliversOnMain)
  }

  /// `resultSelector` applied to the elements of the 2 sources, paired in order.
  @inlinable
  public static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
    _ source1: O1, _ source2: O2,
    resultSelector: @escaping (O1.Element, O2.Element) -> Element
  ) -> SharedSequence
  where
    SharingStrategy == O1.SharingStrategy,
    SharingStrategy == O2.SharingStrategy
  {
    let shared1 = source1.asSharedSequence()
    let shared2 = source2.asSharedSequence()
    return SharedSequence(
      Observable.zip(shared1.source, shared2.source, resultSelector: resultSelector),
      deliversOnMain: shared1.deliversOnMain || shared2.deliversOnMain)
  }

  /// `resultSelector` applied to the elements of the 3 sources, paired in order.
  @inlinable
  public static func zip<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
    O3: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element) -> Element
  ) -> SharedSequence
  where
    SharingStrategy == O1.SharingStrategy,
    SharingStrategy == O2.SharingStrategy,
    SharingStrategy == O3.SharingStrategy
  {
    let shared1 = source1.asSharedSequence()
    let shared2 = source2.asSharedSequence()
    let shared3 = source3.asSharedSequence()
    return SharedSequence(
      Observable.zip(
        shared1.source, shared2.source, shared3.source, resultSelector: resultSelector),
      deliversOnMain: shared1.deliversOnMain || shared2.deliversOnMain || shared3.deliversOnMain)
  }

  /// `resultSelector` applied to the elements of the 4 sources, paired in order.
  @inlinable
  public static func zip<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
    O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) -> Element
  ) -> SharedSequence
  where
    SharingStrategy == O1.SharingStrategy,
    SharingStrategy == O2.SharingStrategy,
    SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy
  {
    let shared1 = source1.asSharedSequence()
    let shared2 = source2.asSharedSequence()
    let shared3 = source3.asSharedSequence()
    let shared4 = source4.asSharedSequence()
    return SharedSequence(
      Observable.zip(
        shared1.source, shared2.source, shared3.source, shared4.source,
        resultSelector: resultSelector),
      deliversOnMain: shared1.deliversOnMain || shared2.deliversOnMain || shared3.deliversOnMain
        || shared4.deliversOnMain)
  }

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

extension SharedSequenceConvertibleType where Element == Any {
  /// The latest elements of the 2 sources as a tuple, each time one emits.
  @inlinable
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2
  ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element)>
  where
    SharingStrategy == O1.SharingStrategy,
    SharingStrategy == O2.SharingStrategy
  {
    SharedSequence<SharingStrategy, (O1.Element, O2.Element)>.combineLatest(source1, source2) {
      ($0, $1)
    }
  }

  /// The latest elements of the 3 sources as a tuple, each time one emits.
  @inlinable
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
    O3: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3
  ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element)>
  where
    SharingStrategy == O1.SharingStrategy,
    SharingStrategy == O2.SharingStrategy,
    SharingStrategy == O3.SharingStrategy
  {
    SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element)>.combineLatest(
      source1, source2, source3
    ) { ($0, $1, $2) }
  }

  /// The latest elements of the 4 sources as a tuple, each time one emits.
  @inlinable
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
    O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
  ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element)>
  where
    SharingStrategy == O1.SharingStrategy,
    SharingStrategy == O2.SharingStrategy,
    SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy
  {
    SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element)>.combineLatest(
      source1, source2, source3, source4
    ) { ($0, $1, $2, $3) }
  }

  /// The elements of the 2 sources as tuples, paired in order.
  @inlinable
  public static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
    _ source1: O1, _ source2: O2
  ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element)>
  where
    SharingStrategy == O1.SharingStrategy,
    SharingStrategy == O2.SharingStrategy
  {
    SharedSequence<SharingStrategy, (O1.Element, O2.Element)>.zip(source1, source2) { ($0, $1) }
  }

  /// The elements of the 3 sources as tuples, paired in order.
  @inlinable
  public static func zip<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
    O3: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3
  ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element)>
  where
    SharingStrategy == O1.SharingStrategy,
    SharingStrategy == O2.SharingStrategy,
    SharingStrategy == O3.SharingStrategy
  {
    SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element)>.zip(
      source1, source2, source3
    ) { ($0, $1, $2) }
  }

  /// The elements of the 4 sources as tuples, paired in order.
  @inlinable
  public static func zip<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
    O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
  ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element)>
  where
    SharingStrategy == O1.SharingStrategy,
    SharingStrategy == O2.SharingStrategy,
    SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy
  {
    SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element)>.zip(
      source1, source2, source3, source4
    ) { ($0, $1, $2, $3) }
  }
}
