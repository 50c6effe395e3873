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
    let work = UncheckedSendable((state, action))
    timer.schedule(deadline: .now() + dueTime, leeway: leeway)
    timer.setEventHandler {
      guard !cancel.isDisposed else { return }
      cancel.setDisposable(work.value.1(work.value.0))
    }
    timer.resume()
    let timerBox = UncheckedSendable(timer)
    return CompositeDisposable(
      Disposables.create { timerBox.value.cancel() }, cancel)
  }

  /// Runs `action` on the queue after `startAfter`, then every `period`, until disposed.
  func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    if startAfter.isNever { return BooleanDisposable() }
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: .now() + startAfter, repeating: period, leeway: leeway)
    let cancelled = BooleanDisposable()
    let box = Box(state)
    let work = UncheckedSendable((box, action))
    timer.setEventHandler {
      guard !cancelled.isDisposed else { return }
      work.value.0.value = work.value.1(work.value.0.value)
    }
    timer.resume()
    let timerBox = UncheckedSendable(timer)
    return Disposables.create {
      cancelled.dispose()
      timerBox.value.cancel()
    }
  }
}
