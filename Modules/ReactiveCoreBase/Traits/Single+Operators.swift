extension PrimitiveSequenceType where Trait == SingleTrait {
  /// Transforms the element; a thrown error becomes the failure.
  @inlinable
  public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
    Single(raw: primitiveSequence.source.map(transform))
  }

  /// Transforms the element; a `nil` result gives an empty `Maybe`.
  @inlinable
  public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?)
    -> Maybe<Result>
  {
    Maybe(raw: primitiveSequence.source.compactMap(transform))
  }

  /// Keeps the element if `predicate` holds; otherwise the `Maybe` completes empty.
  @inlinable
  public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source.filter(predicate))
  }

  /// Continues with the `Single` that `selector` makes of the element.
  @inlinable
  public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>)
    -> Single<Result>
  {
    Single(raw: primitiveSequence.source.flatMap { try selector($0).source })
  }

  /// Continues with the `Maybe` that `selector` makes of the element.
  @inlinable
  public func flatMapMaybe<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>)
    -> Maybe<Result>
  {
    Maybe(raw: primitiveSequence.source.flatMap { try selector($0).source })
  }

  /// Continues with the `Completable` that `selector` makes of the element.
  @inlinable
  public func flatMapCompletable(_ selector: @escaping (Element) throws -> Completable)
    -> Completable
  {
    Completable(raw: primitiveSequence.source.flatMap { try selector($0).source })
  }

  /// On failure, succeeds with `element` instead.
  @inlinable
  public func catchAndReturn(_ element: Element) -> Single<Element> {
    Single(raw: primitiveSequence.source.catchAndReturn(element))
  }

  /// Calls the given closures around the outcome and the subscription, and passes the
  /// outcome on.
  ///
  /// `onSuccess`/`onError` run before the outcome is delivered and `afterSuccess`/
  /// `afterError` after; a thrown error becomes the failure. `onSubscribe` runs before the
  /// source is subscribed, `onSubscribed` after, and `onDispose` when the subscription ends
  /// for any reason (outcome or disposal), which makes it the place to end "in progress"
  /// state.
  @inlinable
  public func `do`(
    onSuccess: ((Element) throws -> Void)? = nil,
    afterSuccess: ((Element) throws -> Void)? = nil,
    onError: ((Swift.Error) throws -> Void)? = nil,
    afterError: ((Swift.Error) throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> Single<Element> {
    Single(
      raw: primitiveSequence.source.do(
        onNext: onSuccess, afterNext: afterSuccess, onError: onError, afterError: afterError,
        onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
  }

  /// The `Single` as a `Maybe` that always has an element (or fails).
  @inlinable
  public func asMaybe() -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source)
  }

  /// The `Single` as a `Completable` that drops the element.
  @inlinable
  public func asCompletable() -> Completable {
    Completable(raw: primitiveSequence.source.ignoreElements())
  }
}
