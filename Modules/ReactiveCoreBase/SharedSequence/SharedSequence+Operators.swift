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
  ///
  /// The result has the sharing of the inner sequences, so a `Driver` can flat-map to a
  /// `Signal` (and the other way round).
  @inlinable
  public func flatMap<Sharing, Result>(
    _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.flatMap { selector($0).source },
      deliversOnMain: shared.deliversOnMain || isMainScheduler(Sharing.scheduler))
  }

  /// Switches to the sequence `selector` makes of each element, disposing the previous one.
  ///
  /// The result has the sharing of the inner sequences.
  @inlinable
  public func flatMapLatest<Sharing, Result>(
    _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.flatMapLatest { selector($0).source },
      deliversOnMain: shared.deliversOnMain || isMainScheduler(Sharing.scheduler))
  }

  /// Runs the sequence `selector` makes of an element, ignoring elements that arrive while
  /// it runs.
  ///
  /// The result has the sharing of the inner sequences.
  @inlinable
  public func flatMapFirst<Sharing, Result>(
    _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.flatMapFirst { selector($0).source },
      deliversOnMain: shared.deliversOnMain || isMainScheduler(Sharing.scheduler))
  }

  /// Drops the first `count` elements.
  @inlinable
  public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
    let shared = asSharedSequence()
    return SharedSequence(shared.source.skip(count), deliversOnMain: shared.deliversOnMain)
  }

  /// Prints every event, the subscription and its disposal, as `Observable.debug` does, and
  /// passes the events on.
  ///
  /// `identifier` defaults to `file:line (function)` of the call.
  public func debug(
    _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file,
    line: UInt = #line, function: String = #function
  ) -> SharedSequence<SharingStrategy, Element> {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.debug(
        identifier, trimOutput: trimOutput, file: file, line: line, function: function),
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
  ///
  /// `second` may be of the other kind (a `Signal` sampling a `Driver`, say): the result has
  /// this sequence's sharing.
  @inlinable
  public func withLatestFrom<Second: SharedSequenceConvertibleType>(_ second: Second)
    -> SharedSequence<SharingStrategy, Second.Element>
  {
    let shared = asSharedSequence()
    let other = second.asSharedSequence()
    return SharedSequence(
      shared.source.withLatestFrom(other.source),
      deliversOnMain: shared.deliversOnMain || other.deliversOnMain)
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

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
  /// Mirrors the latest inner sequence, disposing the previous one when a new one arrives.
  ///
  /// The result has the sharing of the inner sequences.
  @inlinable
  public func switchLatest() -> SharedSequence<Element.SharingStrategy, Element.Element> {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.map { $0.asSharedSequence().source }.switchLatest(),
      deliversOnMain: shared.deliversOnMain || isMainScheduler(Element.SharingStrategy.scheduler))
  }

  /// Merges the elements of every inner sequence, as they come.
  ///
  /// The result has the sharing of the inner sequences.
  @inlinable
  public func merge() -> SharedSequence<Element.SharingStrategy, Element.Element> {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.map { $0.asSharedSequence().source }.merge(),
      deliversOnMain: shared.deliversOnMain || isMainScheduler(Element.SharingStrategy.scheduler))
  }

  /// Merges the elements of the inner sequences, subscribed to at most `maxConcurrent` at a
  /// time; the others wait their turn, in order.
  @inlinable
  public func merge(maxConcurrent: Int)
    -> SharedSequence<Element.SharingStrategy, Element.Element>
  {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.map { $0.asSharedSequence().source }.merge(maxConcurrent: maxConcurrent),
      deliversOnMain: shared.deliversOnMain || isMainScheduler(Element.SharingStrategy.scheduler))
  }
}
