import Dispatch
import Foundation

/// The scheduling logic shared by the schedulers that run work on a dispatch queue.
struct DispatchQueueConfiguration: Sendable {
  let queue: DispatchQueue
  let leeway: DispatchTimeInterval

  /// Runs `action` on the queue, unless the result is disposed first.
  func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
  {
    let cancel = SingleAssignmentDisposable()
    let work = UncheckedSendable((state, action))
    queue.async {
      guard !cancel.isDisposed else { return }
      cancel.setDisposable(work.value.1(work.value.0))
    }
    return cancel
  }

  /// Runs `action` on the queue after `dueTime`, unless the result is disposed first.
  func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    if dueTime.isNever { return BooleanDisposable() }
    let cancel = SingleAssignmentDisposable()
    let timer = DispatchSource.makeTimerSource(queue: queue)
    // The cancelling disposable holds the timer, and the timer's handler holds the disposable,
    // so a timer nobody else references stays alive until it fires or is disposed.
    let timerBox = UncheckedSendable(timer)
    let cancelTimer = Disposables.create { timerBox.value.cancel() }
    let work = UncheckedSendable((state, action, cancelTimer))
    timer.schedule(deadline: .now() + dueTime, leeway: leeway)
    timer.setEventHandler {
      defer { work.value.2.dispose() }
      guard !cancel.isDisposed else { return }
      cancel.setDisposable(work.value.1(work.value.0))
    }
    timer.resume()
    return CompositeDisposable(cancelTimer, cancel)
  }

  /// Runs `action` on the queue after `startAfter`, then every `period`, until disposed.
  func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    if startAfter.isNever { return BooleanDisposable() }
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: .now() + startAfter, repeating: period, leeway: leeway)
    let timerBox = UncheckedSendable(timer)
    // As in `scheduleRelative`, the handler keeps the timer alive until it is disposed.
    let cancelTimer = Disposables.create { timerBox.value.cancel() }
    let box = Box(state)
    let work = UncheckedSendable((box, action, cancelTimer))
    timer.setEventHandler {
      guard !work.value.2.isDisposed else { return }
      work.value.0.value = work.value.1(work.value.0.value)
    }
    timer.resume()
    return cancelTimer
  }
}
