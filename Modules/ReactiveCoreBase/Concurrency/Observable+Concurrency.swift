extension ObservableConvertibleType where Element: Sendable {
  /// The elements as an asynchronous sequence: `for try await element in observable.values`.
  ///
  /// The same as `values(bufferingPolicy: .unbounded)`: every element is kept until the loop
  /// takes it, however far the loop falls behind (as in RxSwift).
  public var values: AsyncThrowingStream<Element, Swift.Error> {
    values(bufferingPolicy: .unbounded)
  }

  /// The elements as an asynchronous sequence whose buffer follows `bufferingPolicy`.
  ///
  /// The sequence subscribes when this method is called. Elements that arrive while the loop
  /// is busy wait in the buffer: `.unbounded` keeps them all; `.bufferingOldest(n)` keeps the
  /// first `n` and drops the ones that arrive while it is full; `.bufferingNewest(n)` keeps the
  /// last `n`, dropping the oldest. The error or completion is never dropped: the loop ends
  /// after the buffered elements. Leaving the loop early (with `break`, a thrown error or
  /// cancellation of the task) disposes the subscription; cancelling the task that iterates
  /// makes the loop throw `CancellationError`, whether or not elements arrived before. The
  /// elements cross from the emitting thread to the iterating task, hence `Sendable`.
  public func values(
    bufferingPolicy: AsyncThrowingStream<Element, Swift.Error>.Continuation.BufferingPolicy
  ) -> AsyncThrowingStream<Element, Swift.Error> {
    AsyncThrowingStream(bufferingPolicy: bufferingPolicy) { continuation in
      let subscription = SingleAssignmentDisposable()
      continuation.onTermination = { termination in
        // Called before the stream finishes on cancellation, so this error is what the
        // waiting loop throws.
        if case .cancelled = termination { continuation.finish(throwing: CancellationError()) }
        subscription.dispose()
      }
      subscription.setDisposable(
        asObservable().subscribe(
          onNext: { continuation.yield($0) },
          onError: { continuation.finish(throwing: $0) },
          onCompleted: { continuation.finish() }))
    }
  }
}

extension AsyncSequence where Self: Sendable {
  /// The elements of the asynchronous sequence as an `Observable`.
  ///
  /// Each subscription iterates the sequence in a new `Task` with `priority` and the
  /// executor preference that ``ConcurrencyBridge`` chooses (the subscriber's, or a
  /// `TestScheduler` running the subscription), so the elements arrive in order on the task's
  /// thread. Disposing the subscription cancels the task, and nothing is emitted after it.
  /// A thrown error, `CancellationError` included, becomes the observable's error.
  public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
    Observable.create { observer in
      let observer = UncheckedSendable(observer)
      let task = BridgeExecutor.startTask(priority: priority) {
        do {
          for try await element in self {
            if Task.isCancelled { return }
            observer.value.onNext(element)
          }
          observer.value.onCompleted()
        } catch {
          observer.value.onError(error)
        }
      }
      return Disposables.create { task.cancel() }
    }
  }
}
