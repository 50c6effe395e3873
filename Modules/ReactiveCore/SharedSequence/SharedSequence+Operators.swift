// Operators of `Driver` and `Signal`. Their closures cannot throw, which keeps the result
// infallible; each forwards to the `Observable` operator of the same name and shares the
// result again, so every derived sequence is shared too.

extension SharedSequenceConvertibleType {
  /// Transforms each element.
  @inlinable
  public func map<Result>(_ transform: @escaping (Element) -> Result)
    -> SharedSequence<SharingStrategy, Result>
  {
    let shared = asSharedSequence()
    return SharedSequence(shared.source.map(transform), deliversOnMain: shared.deliversOnMain)
  }

  /// Keeps the elements for which `predicate` is true.
  @inlinable
  public func filter(_ predicate: @escaping (Element) -> Bool)
    -> SharedSequence<SharingStrategy, Element>
  {
    let shared = asSharedSequence()
    return SharedSequence(shared.source.filter(predicate), deliversOnMain: shared.deliversOnMain)
  }

  /// Transforms each element and drops the `nil` results.
  @inlinable
  public func compactMap<Result>(_ transform: @escaping (Element) -> Result?)
    -> SharedSequence<SharingStrategy, Result>
  {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.compactMap(transform), deliversOnMain: shared.deliversOnMain)
  }

  /// Merges the sequences `selector` makes of each element.
  @inlinable
  public func flatMap<Sharing: SharedSequenceConvertibleType>(
    _ selector: @escaping (Element) -> Sharing
  ) -> SharedSequence<SharingStrategy, Sharing.Element>
  where Sharing.SharingStrategy == SharingStrategy {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.flatMap { selector($0).asSharedSequence().source },
      deliversOnMain: shared.deliversOnMain)
  }

  /// Switches to the sequence `selector` makes of each element, disposing the previous one.
  @inlinable
  public func flatMapLatest<Sharing: SharedSequenceConvertibleType>(
    _ selector: @escaping (Element) -> Sharing
  ) -> SharedSequence<SharingStrategy, Sharing.Element>
  where Sharing.SharingStrategy == SharingStrategy {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.flatMapLatest { selector($0).asSharedSequence().source },
      deliversOnMain: shared.deliversOnMain)
  }

  /// Runs the sequence `selector` makes of an element, ignoring elements that arrive while
  /// it runs.
  @inlinable
  public func flatMapFirst<Sharing: SharedSequenceConvertibleType>(
    _ selector: @escaping (Element) -> Sharing
  ) -> SharedSequence<SharingStrategy, Sharing.Element>
  where Sharing.SharingStrategy == SharingStrategy {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.flatMapFirst { selector($0).asSharedSequence().source },
      deliversOnMain: shared.deliversOnMain)
  }

  /// Drops elements whose key equals the previous element's key.
  @inlinable
  public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) -> Key)
    -> SharedSequence<SharingStrategy, Element>
  {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.distinctUntilChanged(keySelector), deliversOnMain: shared.deliversOnMain)
  }

  /// Drops elements that `comparer` finds equal to the previous one.
  @inlinable
  public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool)
    -> SharedSequence<SharingStrategy, Element>
  {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.distinctUntilChanged(comparer), deliversOnMain: shared.deliversOnMain)
  }

  /// Drops elements whose key `comparer` finds equal to the previous element's key.
  @inlinable
  public func distinctUntilChanged<Key>(
    _ keySelector: @escaping (Element) -> Key, comparer: @escaping (Key, Key) -> Bool
  ) -> SharedSequence<SharingStrategy, Element> {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.distinctUntilChanged(keySelector, comparer: comparer),
      deliversOnMain: shared.deliversOnMain)
  }

  /// Emits `element` first, then the sequence's elements.
  @inlinable
  public func startWith(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.startWith(element), deliversOnMain: shared.deliversOnMain)
  }

  /// Emits each intermediate result of folding the elements into `seed`.
  @inlinable
  public func scan<Accumulate>(
    _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) -> Accumulate
  ) -> SharedSequence<SharingStrategy, Accumulate> {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.scan(seed, accumulator: accumulator), deliversOnMain: shared.deliversOnMain)
  }

  /// Emits each intermediate result of folding the elements into `seed` in place.
  @inlinable
  public func scan<Accumulate>(
    into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) -> Void
  ) -> SharedSequence<SharingStrategy, Accumulate> {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.scan(into: seed, accumulator: accumulator),
      deliversOnMain: shared.deliversOnMain)
  }

  /// Combines each element with the latest element of `second`; elements that come before
  /// `second` has one are dropped.
  @inlinable
  public func withLatestFrom<Second: SharedSequenceConvertibleType, Result>(
    _ second: Second, resultSelector: @escaping (Element, Second.Element) -> Result
  ) -> SharedSequence<SharingStrategy, Result> where Second.SharingStrategy == SharingStrategy {
    let shared = asSharedSequence()
    let other = second.asSharedSequence()
    return SharedSequence(
      shared.source.withLatestFrom(other.source, resultSelector: resultSelector),
      deliversOnMain: shared.deliversOnMain || other.deliversOnMain)
  }

  /// The latest element of `second` at each element of this sequence.
  @inlinable
  public func withLatestFrom<Second: SharedSequenceConvertibleType>(_ second: Second)
    -> SharedSequence<SharingStrategy, Second.Element>
  where Second.SharingStrategy == SharingStrategy {
    withLatestFrom(second) { $1 }
  }

  /// Calls the given closures around each event and around the subscription, and passes the
  /// events on.
  @inlinable
  public func `do`(
    onNext: ((Element) -> Void)? = nil,
    afterNext: ((Element) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    afterCompleted: (() -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> SharedSequence<SharingStrategy, Element> {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.do(
        onNext: onNext, afterNext: afterNext, onCompleted: onCompleted,
        afterCompleted: afterCompleted, onSubscribe: onSubscribe, onSubscribed: onSubscribed,
        onDispose: onDispose), deliversOnMain: shared.deliversOnMain)
  }
}

extension SharedSequenceConvertibleType where Element: Equatable {
  /// Drops elements equal to the previous one.
  @inlinable
  public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.distinctUntilChanged(), deliversOnMain: shared.deliversOnMain)
  }
}
