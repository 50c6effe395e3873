extension InfallibleType where Element: Sendable {
  /// The elements as an asynchronous sequence that cannot fail:
  /// `for await element in infallible.values`.
  ///
  /// The same as `values(bufferingPolicy: .unbounded)`.
  public var values: AsyncStream<Element> {
    values(bufferingPolicy: .unbounded)
  }

  /// The elements as an asynchronous sequence that cannot fail, whose buffer follows
  /// `bufferingPolicy` (see `Observable`'s `values(bufferingPolicy:)`).
  ///
  /// The sequence subscribes when this method is called; leaving the loop early disposes the
  /// subscription. Cancelling the iterating task ends the loop, as any `AsyncStream` does: a
  /// `for await` loop cannot throw. Check `Task.isCancelled` after it, or iterate
  /// `asObservable().values` to have the loop throw `CancellationError`.
  public func values(bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy)
    -> AsyncStream<Element>
  {
    infallibleStream(asObservable(), bufferingPolicy: bufferingPolicy)
  }
}

/// The elements of a sequence that never fails, as an `AsyncStream`.
package func infallibleStream<Element: Sendable>(
  _ source: Observable<Element>,
  bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy
) -> AsyncStream<Element> {
  AsyncStream(bufferingPolicy: bufferingPolicy) { continuation in
    let subscription = SingleAssignmentDisposable()
    continuation.onTermination = { _ in subscription.dispose() }
    subscription.setDisposable(
      source.subscribe(
        onNext: { continuation.yield($0) },
        onError: { bindingFailed($0) },
        onCompleted: { continuation.finish() }))
  }
}

/// The first element of `source`, awaited; `RxError.noElements` if it completes empty.
package func firstElement<Element: Sendable>(of source: Observable<Element>) async throws -> Element
{
  try await awaitOutcome(source.take(1)) { event, resume in
    switch event {
    case .next(let element): resume(.success(element))
    case .error(let error): resume(.failure(error))
    case .completed: resume(.failure(RxError.noElements))
    }
  }
}
