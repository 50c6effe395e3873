extension ObservableType {
  /// Resubscribes to this sequence each time it fails, without end.
  ///
  /// Elements of every attempt are forwarded; completion ends the result. Attempts that fail
  /// synchronously are made in a loop, not by recursion. Disposing the result disposes the
  /// running attempt.
  @inlinable
  public func retry() -> Observable<Element> {
    Observable.catch(sequence: Swift.repeatElement(asObservable(), count: .max))
  }

  /// Subscribes to this sequence up to `maxAttemptCount` times in all, resubscribing each time
  /// it fails; fails with the last error once the attempts are used up.
  ///
  /// Elements of every attempt are forwarded; completion ends the result. With a count of zero
  /// the result completes at once. Disposing the result disposes the running attempt.
  @inlinable
  public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
    precondition(maxAttemptCount >= 0, "retry(_:) needs a count of zero or more")
    return Observable.catch(sequence: Swift.repeatElement(asObservable(), count: maxAttemptCount))
  }
}
