/// A sequence with a narrower grammar than `Observable`, named by its `Trait`:
///
/// - `Single` (`SingleTrait`): exactly one element, or an error.
/// - `Maybe` (`MaybeTrait`): one element, no element, or an error.
/// - `Completable` (`CompletableTrait`, with `Never` elements): completion or an error.
///
/// A trait is a promise in the type: a service that returns `Single<User>` answers once. Like
/// an `Observable`, a trait is a recipe that runs anew for each subscription. Its operators
/// are defined on `PrimitiveSequenceType`, constrained to the trait they suit.
public struct PrimitiveSequence<Trait, Element>: Sendable {
  /// The underlying sequence, which keeps the trait's grammar.
  @usableFromInline let source: Observable<Element>

  /// Wraps a sequence that already keeps the trait's grammar.
  @inlinable init(raw source: Observable<Element>) {
    self.source = source
  }
}

/// A type that is, or can present itself as, a `PrimitiveSequence`.
public protocol PrimitiveSequenceType {
  /// The trait that names the sequence's grammar (`SingleTrait`, `MaybeTrait`,
  /// `CompletableTrait`).
  associatedtype Trait

  /// The type of the sequence's elements.
  associatedtype Element

  /// The value as a `PrimitiveSequence`.
  var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
  /// Returns `self`.
  @inlinable public var primitiveSequence: PrimitiveSequence<Trait, Element> { self }
}

extension PrimitiveSequence: ObservableConvertibleType {
  /// The sequence as a plain `Observable`, with the same events.
  @inlinable public func asObservable() -> Observable<Element> { source }
}

extension PrimitiveSequence {
  /// A sequence made anew for each subscriber by `factory`; a thrown error becomes the
  /// sequence's error.
  public static func deferred(_ factory: @escaping () throws -> PrimitiveSequence)
    -> PrimitiveSequence
  {
    PrimitiveSequence(raw: Observable.deferred { try factory().source })
  }

  /// On error, continues with the sequence `handler` returns for that error; a thrown error
  /// becomes the sequence's error.
  @inlinable
  public func `catch`(_ handler: @escaping (Swift.Error) throws -> PrimitiveSequence)
    -> PrimitiveSequence
  {
    PrimitiveSequence(raw: source.catch { try handler($0).source })
  }

  /// Resubscribes after every error, for as long as it takes.
  @inlinable
  public func retry() -> PrimitiveSequence {
    PrimitiveSequence(raw: source.retry())
  }

  /// Subscribes at most `maxAttemptCount` times in all: after that many failures, the last
  /// error ends the sequence.
  @inlinable
  public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence {
    PrimitiveSequence(raw: source.retry(maxAttemptCount))
  }

  /// Prints the outcome, the subscription and its disposal, as `Observable.debug` does, and
  /// passes the outcome on.
  ///
  /// `identifier` defaults to `file:line (function)` of the call.
  public func debug(
    _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file,
    line: UInt = #line, function: String = #function
  ) -> PrimitiveSequence {
    PrimitiveSequence(
      raw: source.debug(
        identifier, trimOutput: trimOutput, file: file, line: line, function: function))
  }

  /// A sequence that owns a resource for as long as its subscription lives, as
  /// `Observable.using` does: `resourceFactory` makes the resource for each subscription,
  /// `primitiveSequenceFactory` the sequence from it, and the resource is disposed once the
  /// outcome is delivered or the subscription is disposed. A thrown error is the outcome.
  public static func using<Resource: Disposable>(
    _ resourceFactory: @escaping () throws -> Resource,
    primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence
  ) -> PrimitiveSequence {
    PrimitiveSequence(
      raw: Observable.using(resourceFactory) { try primitiveSequenceFactory($0).source })
  }

  /// Renamed `observe(on:)` in RxSwift 6.
  @available(*, deprecated, renamed: "observe(on:)")
  public func observeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence {
    PrimitiveSequence(raw: source.observe(on: scheduler))
  }

  /// Renamed `subscribe(on:)` in RxSwift 6.
  @available(*, deprecated, renamed: "subscribe(on:)")
  public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence {
    PrimitiveSequence(raw: source.subscribe(on: scheduler))
  }

  /// Renamed `catch(_:)` in RxSwift 6.
  @available(*, deprecated, renamed: "catch(_:)")
  public func catchError(_ handler: @escaping (Swift.Error) throws -> PrimitiveSequence)
    -> PrimitiveSequence
  {
    self.catch(handler)
  }
}
