import Foundation

/// Runs work as operations on an `OperationQueue`, with a priority.
public final class OperationQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
  // Immutable; `OperationQueue` is thread-safe.
  /// The queue the operations are added to.
  public let operationQueue: OperationQueue
  /// The priority of each operation.
  public let queuePriority: Operation.QueuePriority

  /// Runs work on `operationQueue` with `queuePriority`.
  public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
    self.operationQueue = operationQueue
    self.queuePriority = queuePriority
  }

  /// Adds an operation that runs `action`; disposing the result before it runs cancels it.
  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
  {
    let cancel = SingleAssignmentDisposable()
    let work = UncheckedSendable((state, action))
    let operation = BlockOperation {
      guard !cancel.isDisposed else { return }
      cancel.setDisposable(work.value.1(work.value.0))
    }
    operation.queuePriority = queuePriority
    operationQueue.addOperation(operation)
    let operationBox = UncheckedSendable(operation)
    return CompositeDisposable(Disposables.create { operationBox.value.cancel() }, cancel)
  }
}
