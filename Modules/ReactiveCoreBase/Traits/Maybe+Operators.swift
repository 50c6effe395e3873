extension PrimitiveSequenceType where Trait == MaybeTrait {
  /// Transforms the element, if there is one; a thrown error becomes the failure.
  @inlinable
  public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Maybe<Result> {
    Maybe(raw: primitiveSequence.source.map(transform))
  }

  /// Transforms the element; a `nil` result completes empty.
  @inlinable
  public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?)
    -> Maybe<Result>
  {
    Maybe(raw: primitiveSequence.source.compactMap(transform))
  }

  /// Keeps the element if `predicate` holds; otherwise completes empty.
  @inlinable
  public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source.filter(predicate))
  }

  /// Continues with the `Maybe` that `selector` makes of the element; without an element,
  /// completes empty.
  @inlinable
  public func flatMap<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>)
    -> Maybe<Result>
  {
    Maybe(raw: primitiveSequence.source.flatMap { try selector($0).source })
  }

  /// A `Single` of the element, or of `default` when the `Maybe` completes empty.
  @inlinable
  public func ifEmpty(default: Element) -> Single<Element> {
    Single(raw: primitiveSequence.source.ifEmpty(default: `default`))
  }

  /// This `Maybe`, or `other` when it completes empty.
  @inlinable
  public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
  }

  /// A `Single` of the element, or of `other`'s outcome when the `Maybe` completes empty.
  @inlinable
  public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
    Single(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
  }

  /// On failure, emits `element` instead.
  @inlinable
  public func catchAndReturn(_ element: Element) -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source.catchAndReturn(element))
  }

  /// Calls the given closures around the outcome and the subscription, and passes the
  /// outcome on; see `Single.do` for when each runs. `onCompleted`/`afterCompleted` run
  /// after an element too, since the underlying sequence completes after it.
  @inlinable
  public func `do`(
    onNext: ((Element) throws -> Void)? = nil,
    afterNext: ((Element) throws -> Void)? = nil,
    onError: ((Swift.Error) throws -> Void)? = nil,
    afterError: ((Swift.Error) throws -> Void)? = nil,
    onCompleted: (() throws -> Void)? = nil,
    afterCompleted: (() throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> Maybe<Element> {
    Maybe(
      raw: primitiveSequence.source.do(
        onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
        onCompleted: onCompleted, afterCompleted: afterCompleted, onSubscribe: onSubscribe,
        onSubscribed: onSubscribed, onDispose: onDispose))
  }

  /// The `Maybe` as a `Completable` that drops the element.
  @inlinable
  public func asCompletable() -> Completable {
    Completable(raw: primitiveSequence.source.ignoreElements())
  }
}
