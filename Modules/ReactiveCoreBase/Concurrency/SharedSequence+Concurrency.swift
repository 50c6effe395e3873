extension SharedSequenceConvertibleType where Element: Sendable {
  /// The elements as an asynchronous sequence that cannot fail:
  /// `for await element in driver.values`.
  ///
  /// The same as `values(bufferingPolicy: .unbounded)`.
  public var values: AsyncStream<Element> {
    values(bufferingPolicy: .unbounded)
  }

  /// The elements as an asynchronous sequence that cannot fail, whose buffer follows
  /// `bufferingPolicy` (see `Observable`'s `values(bufferingPolicy:)`).
  ///
  /// The sequence subscribes when this method is called, from any thread (the elements still
  /// come through the sequence's scheduler, then wait in the stream's buffer for the loop);
  /// leaving the loop early disposes the subscription. Cancelling the iterating task ends the
  /// loop, as any `AsyncStream` does: a `for await` loop cannot throw. Check
  /// `Task.isCancelled` after it, or iterate `asObservable().values` to have the loop throw
  /// `CancellationError`.
  public func values(bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy)
    -> AsyncStream<Element>
  {
    infallibleStream(asObservable(), bufferingPolicy: bufferingPolicy)
  }
}
