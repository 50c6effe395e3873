// Operators of `Infallible`. Their closures cannot throw, which is what keeps the result
// infallible; each forwards to the `Observable` operator of the same name.

extension InfallibleType {
  /// Transforms each element.
  @inlinable
  public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
    Infallible(asObservable().map(transform))
  }

  /// Transforms each element and drops the `nil` results.
  @inlinable
  public func compactMap<Result>(_ transform: @escaping (Element) -> Result?)
    -> Infallible<Result>
  {
    Infallible(asObservable().compactMap(transform))
  }

  /// Keeps the elements for which `predicate` is true.
  @inlinable
  public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
    Infallible(asObservable().filter(predicate))
  }

  /// Emits each intermediate result of folding the elements into `seed`; the fold starts
  /// anew for each subscription.
  @inlinable
  public func scan<Accumulate>(
    _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) -> Accumulate
  ) -> Infallible<Accumulate> {
    Infallible(asObservable().scan(seed, accumulator: accumulator))
  }

  /// Emits each intermediate result of folding the elements into `seed` in place.
  @inlinable
  public func scan<Accumulate>(
    into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) -> Void
  ) -> Infallible<Accumulate> {
    Infallible(asObservable().scan(into: seed, accumulator: accumulator))
  }

  /// Drops elements whose key equals the previous element's key.
  @inlinable
  public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) -> Key)
    -> Infallible<Element>
  {
    Infallible(asObservable().distinctUntilChanged(keySelector))
  }

  /// Drops elements that `comparer` finds equal to the previous one.
  @inlinable
  public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool)
    -> Infallible<Element>
  {
    Infallible(asObservable().distinctUntilChanged(comparer))
  }

  /// Merges the `Infallible`s that `selector` makes of each element.
  @inlinable
  public func flatMap<Result>(_ selector: @escaping (Element) -> Infallible<Result>)
    -> Infallible<Result>
  {
    Infallible(asObservable().flatMap { selector($0).source })
  }

  /// Like `flatMap`, but each element cancels the previous inner sequence.
  @inlinable
  public func flatMapLatest<Result>(_ selector: @escaping (Element) -> Infallible<Result>)
    -> Infallible<Result>
  {
    Infallible(asObservable().flatMapLatest { selector($0).source })
  }

  /// Like `flatMap`, but ignores elements while an inner sequence runs.
  @inlinable
  public func flatMapFirst<Result>(_ selector: @escaping (Element) -> Infallible<Result>)
    -> Infallible<Result>
  {
    Infallible(asObservable().flatMapFirst { selector($0).source })
  }

  /// Emits `element` first, then the sequence's elements.
  @inlinable
  public func startWith(_ element: Element) -> Infallible<Element> {
    Infallible(asObservable().startWith(element))
  }
}

extension InfallibleType where Element: Equatable {
  /// Drops elements equal to the previous one.
  @inlinable
  public func distinctUntilChanged() -> Infallible<Element> {
    Infallible(asObservable().distinctUntilChanged())
  }
}
