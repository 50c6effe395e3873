extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
  /// The element, awaited: `let user = try await service.logIn(…).value`.
  ///
  /// Subscribes when awaited and throws the `Single`'s error. Cancelling the awaiting task
  /// disposes the subscription and throws `CancellationError`, at once, whether or not the
  /// `Single` would have answered later. The element crosses from the thread that produced it
  /// to the awaiting task, hence `Sendable`.
  public var value: Element {
    get async throws {
      try await awaitOutcome(primitiveSequence.source) { event, resume in
        switch event {
        case .next(let element): resume(.success(element))
        case .error(let error): resume(.failure(error))
        case .completed: break
        }
      }
    }
  }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
  /// A `Single` of the result of an asynchronous function:
  /// `Single.create { try await service.user(id) }`.
  ///
  /// Each subscription calls `work` in a new `Task` with `priority` and the executor
  /// preference that ``ConcurrencyBridge`` chooses (the subscriber's, or a `TestScheduler`
  /// running the subscription), or, when `detached` is true, in a `Task.detached` with no
  /// executor preference (for work on the real clock, such as a network request); the outcome
  /// arrives on that task's thread. Disposing the subscription cancels the task, and its
  /// outcome is then dropped.
  public static func create(
    detached: Bool = false, priority: TaskPriority? = nil,
    work: @Sendable @escaping () async throws -> Element
  ) -> Single<Element> {
    Single.create { observer in
      let task = BridgeExecutor.startTask(detached: detached, priority: priority) {
        do {
          observer(.success(try await work()))
        } catch {
          observer(.failure(error))
        }
      }
      return Disposables.create { task.cancel() }
    }
  }
}

extension PrimitiveSequenceType where Trait == MaybeTrait, Element: Sendable {
  /// The element, or `nil` when the `Maybe` completes empty, awaited.
  ///
  /// Subscribes when awaited and throws the `Maybe`'s error. Cancelling the awaiting task
  /// disposes the subscription and throws `CancellationError`.
  public var value: Element? {
    get async throws {
      try await awaitOutcome(primitiveSequence.source) { event, resume in
        switch event {
        case .next(let element): resume(.success(element))
        case .error(let error): resume(.failure(error))
        case .completed: resume(.success(nil))
        }
      }
    }
  }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
  /// A `Maybe` of the result of an asynchronous function: its element, or empty when `work`
  /// returns `nil`.
  ///
  /// Each subscription calls `work` in a new task, as `Single.create(detached:priority:work:)`
  /// does; disposing the subscription cancels the task, and its outcome is then dropped.
  public static func create(
    detached: Bool = false, priority: TaskPriority? = nil,
    work: @Sendable @escaping () async throws -> Element?
  ) -> Maybe<Element> {
    Maybe.create { observer in
      let task = BridgeExecutor.startTask(detached: detached, priority: priority) {
        do {
          if let element = try await work() {
            observer(.success(element))
          } else {
            observer(.completed)
          }
        } catch {
          observer(.error(error))
        }
      }
      return Disposables.create { task.cancel() }
    }
  }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
  /// The completion, awaited: `try await completable.value`.
  ///
  /// Subscribes when awaited and throws the `Completable`'s error. Cancelling the awaiting
  /// task disposes the subscription and throws `CancellationError`.
  public var value: Void {
    get async throws {
      try await awaitOutcome(primitiveSequence.source) {
        (event, resume: (Result<Void, Swift.Error>) -> Void) in
        switch event {
        case .next: break
        case .error(let error): resume(.failure(error))
        case .completed: resume(.success(()))
        }
      }
    }
  }

  /// A `Completable` of an asynchronous function: completes when `work` returns, fails with
  /// what it throws.
  ///
  /// Each subscription calls `work` in a new task, as `Single.create(detached:priority:work:)`
  /// does; disposing the subscription cancels the task, and its outcome is then dropped.
  public static func create(
    detached: Bool = false, priority: TaskPriority? = nil,
    work: @Sendable @escaping () async throws -> Void
  ) -> Completable {
    Completable.create { observer in
      let task = BridgeExecutor.startTask(detached: detached, priority: priority) {
        do {
          try await work()
          observer(.completed)
        } catch {
          observer(.error(error))
        }
      }
      return Disposables.create { task.cancel() }
    }
  }
}

/// Subscribes to `source` and waits for `interpret` to report an outcome. Cancelling the
/// waiting task disposes the subscription; a subscription that ends without an outcome
/// (disposed by the cancellation) throws `CancellationError`.
func awaitOutcome<Element, Output: Sendable>(
  _ source: Observable<Element>,
  _ interpret: @escaping (Event<Element>, (Result<Output, Swift.Error>) -> Void) -> Void
) async throws -> Output {
  let subscription = SingleAssignmentDisposable()
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      let once = OnlyOnce()
      let resume = { (result: Result<Output, Swift.Error>) in
        if once.claim() { continuation.resume(with: result) }
      }
      subscription.setDisposable(
        source.subscribe(
          sink: { interpret($0, resume) },
          onDisposed: { resume(.failure(CancellationError())) }))
    }
  } onCancel: {
    subscription.dispose()
  }
}
