import ReactiveCore

extension TestScheduler {
  /// Iterates an asynchronous sequence in a task that runs on this scheduler, and records each
  /// element with the tick at which the loop received it, then the completion or the error, as
  /// `TestableObserver` does for an observable.
  ///
  /// ```swift
  /// let scheduler = TestScheduler.milliseconds()
  /// let typing = scheduler.createHotObservable([.next(100, "a"), .completed(300)])
  /// let recorded = scheduler.record(subscribedAt: 50) { typing.values }
  /// scheduler.start()
  /// #expect(recorded.events == [.next(100, "a"), .completed(300)])
  /// ```
  ///
  /// `makeSequence` runs in the task at `subscribedAt` (now when `nil`), so a sequence that
  /// subscribes when made (`values`) subscribes then. At `disposedAt` the task is cancelled,
  /// and nothing is recorded from then on, as for a disposed observer. An element arrives at
  /// the tick of the job that receives it: with `simulateProcessingDelay` (the default), one
  /// tick after the event that resumed the loop.
  public func record<Sequence: AsyncSequence & SendableMetatype>(
    subscribedAt: TestTime? = nil, disposedAt: TestTime? = nil,
    _ makeSequence: @escaping @Sendable () -> Sequence
  ) -> TestableObserver<Sequence.Element> {
    let observer = createObserver(Sequence.Element.self)
    let cancellation = SingleAssignmentDisposable()
    let iterate = { [unowned self] in
      let task = Task(executorPreference: self) {
        do {
          for try await element in makeSequence() {
            if Task.isCancelled { return }
            observer.on(.next(element))
          }
          if !Task.isCancelled { observer.on(.completed) }
        } catch {
          if !Task.isCancelled { observer.on(.error(error)) }
        }
      }
      cancellation.setDisposable(Disposables.create { task.cancel() })
    }
    if let subscribedAt {
      scheduleAt(subscribedAt, action: iterate)
    } else {
      iterate()
    }
    if let disposedAt { scheduleAt(disposedAt) { cancellation.dispose() } }
    return observer
  }

  /// Records the elements of `sequence`, which already exists, as
  /// ``record(subscribedAt:disposedAt:_:)`` does.
  public func record<Sequence: AsyncSequence & Sendable>(
    _ sequence: Sequence, subscribedAt: TestTime? = nil, disposedAt: TestTime? = nil
  ) -> TestableObserver<Sequence.Element> {
    record(subscribedAt: subscribedAt, disposedAt: disposedAt) { sequence }
  }
}
