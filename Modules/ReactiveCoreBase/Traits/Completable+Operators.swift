extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
  /// When this completes, continues with `second`; an error of this one ends it at once.
  @inlinable
  public func andThen<Next>(_ second: Single<Next>) -> Single<Next> {
    Single(raw: then(second.source))
  }

  /// When this completes, continues with `second`; an error of this one ends it at once.
  @inlinable
  public func andThen<Next>(_ second: Maybe<Next>) -> Maybe<Next> {
    Maybe(raw: then(second.source))
  }

  /// When this completes, continues with `second`; an error of this one ends it at once.
  @inlinable
  public func andThen(_ second: Completable) -> Completable {
    Completable(raw: then(second.source))
  }

  /// When this completes, continues with the elements of `second`; an error of this one ends
  /// it at once.
  @inlinable
  public func andThen<Next>(_ second: Observable<Next>) -> Observable<Next> {
    then(second)
  }

  /// This, then `second`.
  @inlinable
  public func concat(_ second: Completable) -> Completable {
    andThen(second)
  }

  /// Runs the `Completable`s one after another; completes after the last, fails with the
  /// first error.
  public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable
  where Sequence.Element == Completable {
    Completable(raw: Observable.concat(sequence.map { $0.source }))
  }

  /// Runs the `Completable`s one after another; completes after the last, fails with the
  /// first error.
  public static func concat<Collection: Swift.Collection>(_ collection: Collection)
    -> Completable where Collection.Element == Completable
  {
    Completable(raw: Observable.concat(collection.map { $0.source }))
  }

  /// Runs the `Completable`s one after another; completes after the last, fails with the
  /// first error.
  public static func concat(_ sources: Completable...) -> Completable {
    Completable(raw: Observable.concat(sources.map { $0.source }))
  }

  /// Runs the `Completable`s at the same time; completes when all have completed, fails with
  /// the first error (and disposes the others).
  public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable
  where Collection.Element == Completable {
    Completable(raw: Observable.merge(sources.map { $0.source }))
  }

  /// Runs the `Completable`s at the same time; completes when all have completed, fails with
  /// the first error (and disposes the others).
  public static func zip(_ sources: [Completable]) -> Completable {
    Completable(raw: Observable.merge(sources.map { $0.source }))
  }

  /// Runs the `Completable`s at the same time; completes when all have completed, fails with
  /// the first error (and disposes the others).
  public static func zip(_ sources: Completable...) -> Completable {
    zip(sources)
  }

  /// Calls the given closures around the outcome and the subscription, and passes the
  /// outcome on; see `Single.do` for when each runs.
  @inlinable
  public func `do`(
    onError: ((Swift.Error) throws -> Void)? = nil,
    afterError: ((Swift.Error) throws -> Void)? = nil,
    onCompleted: (() throws -> Void)? = nil,
    afterCompleted: (() throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> Completable {
    Completable(
      raw: primitiveSequence.source.do(
        onError: onError, afterError: afterError, onCompleted: onCompleted,
        afterCompleted: afterCompleted, onSubscribe: onSubscribe, onSubscribed: onSubscribed,
        onDispose: onDispose))
  }

  /// The completion of this sequence, followed by the events of `next`.
  ///
  /// The subscription to this sequence is disposed as soon as it completes, before `next` is
  /// subscribed, so this sequence and what its closures captured are released then.
  @inlinable
  func then<Next>(_ next: Observable<Next>) -> Observable<Next> {
    Producer((primitiveSequence.source, next)) { payload, sink, lifetime in
      let (source, next) = payload
      let current = SerialDisposable()
      let first = SingleAssignmentDisposable()
      current.disposable = first
      first.setDisposable(
        source.run(
          { event in
            switch event {
            case .next: break
            case .error(let error): sink(.error(error))
            case .completed:
              let second = SingleAssignmentDisposable()
              current.disposable = second
              second.setDisposable(next.run(sink, lifetime))
            }
          }, lifetime))
      return current
    }
  }
}
