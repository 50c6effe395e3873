extension ObservableConvertibleType where Element: Sendable {
  /// The elements as an asynchronous sequence: `for try await element in observable.values`.
  ///
  /// The sequence subscribes when this property is read and buffers the elements until they
  /// are awaited; an error is thrown from the loop. Leaving the loop early (with `break`, a
  /// thrown error or cancellation of the task) disposes the subscription; cancelling the task
  /// that awaits an element makes the loop throw `CancellationError`, whether or not elements
  /// arrived before. The elements cross from the emitting thread to the iterating task, hence
  /// `Sendable`.
  public var values: AsyncThrowingStream<Element, Swift.Error> {
    AsyncThrowingStream { continuation in
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
  /// Each subscription iterates the sequence in a new `Task` (with `priority`), so the
  /// elements arrive on the task's thread; disposing the subscription cancels the task. A
  /// thrown error becomes the observable's error.
  public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
    Observable.create { observer in
      let observer = UncheckedSendable(observer)
      let task = Task(priority: priority) {
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

extension InfallibleType where Element: Sendable {
  /// The elements as an asynchronous sequence that cannot fail:
  /// `for await element in infallible.values`.
  ///
  /// The sequence subscribes when this property is read; leaving the loop early disposes the
  /// subscription.
  public var values: AsyncStream<Element> {
    asyncStream(asObservable())
  }
}

extension SharedSequenceConvertibleType where Element: Sendable {
  /// The elements as an asynchronous sequence that cannot fail:
  /// `for await element in driver.values`.
  ///
  /// The sequence subscribes when this property is read, from any thread (the elements still
  /// come through the sequence's scheduler, then wait in the stream's buffer for the loop);
  /// leaving the loop early disposes the subscription.
  public var values: AsyncStream<Element> {
    asyncStream(asObservable())
  }
}

/// The elements of a sequence that never fails, as an `AsyncStream`.
private func asyncStream<Element: Sendable>(_ source: Observable<Element>) -> AsyncStream<Element> {
  AsyncStream { continuation in
    let subscription = SingleAssignmentDisposable()
    continuation.onTermination = { _ in subscription.dispose() }
    subscription.setDisposable(
      source.subscribe(
        onNext: { continuation.yield($0) },
        onError: { bindingFailed($0) },
        onCompleted: { continuation.finish() }))
  }
}
