import ReactiveCore

/// How one request a screen makes ended: with its value, or with what the screen shows for
/// its failure (a message, an alert).
///
/// A view model turns each request into outcomes inside its flattening operator, shares the
/// result, and derives each output from it: the values for one output, the failures for the
/// error output. Every output then works on its own: subscribing to the error output alone
/// runs the requests, which a relay filled from inside `catch` would not do. Loads (state the
/// screen shows) are shared with `share(replay: 1)`, so an output subscribed later still sees
/// the latest; actions (a save, a deletion) with `share()`, so nothing is replayed.
enum Outcome<Value, Failure> {
  /// The request produced `Value`.
  case value(Value)
  /// The request failed; `Failure` is what the screen shows for it.
  case failure(Failure)
}

extension ObservableType {
  /// Each element as a ``Outcome/value(_:)``, and an error as a last
  /// ``Outcome/failure(_:)`` made by `failure`, after which the sequence completes: a request
  /// that fails ends as an element, so the chain of requests it belongs to stays alive.
  func outcomes<Failure>(onError failure: @escaping (any Error) -> Failure) -> Observable<
    Outcome<Element, Failure>
  > {
    map { .value($0) }.catch { .just(.failure(failure($0))) }
  }

  /// The values of the outcomes, the failures dropped.
  func values<Value, Failure>() -> Observable<Value> where Element == Outcome<Value, Failure> {
    compactMap { outcome in
      guard case .value(let value) = outcome else { return nil }
      return value
    }
  }

  /// The failures of the outcomes, the values dropped.
  func failures<Value, Failure>() -> Observable<Failure>
  where Element == Outcome<Value, Failure> {
    compactMap { outcome in
      guard case .failure(let failure) = outcome else { return nil }
      return failure
    }
  }
}
