// ============================================================================================
// PLACEHOLDERS: DELETE THIS WHOLE FILE when the real `MainScheduler` and the real time
// operators (`observe(on:)`, `subscribe(on:)`, `delay`, `delaySubscription`, `timeout`,
// `debounce`, `throttle`) are in the module.
//
// Everything here is internal and deliberately minimal: just enough for the traits, Driver
// and Signal to compile and run. The real versions must keep these names and labels, and
// `MainScheduler` must offer `instance` and `isOnMainQueue` (a main-queue identity check, not
// `Thread.isMainThread`). No test relies on the timing behaviour of these placeholders.
// ============================================================================================

import Dispatch
import Foundation
import Synchronization

/// Placeholder: runs work on the main queue, at once when already there and nothing is queued.
@usableFromInline
final class MainScheduler: SchedulerType, Sendable {
  @usableFromInline static let instance = MainScheduler()

  private static let queueMark: Void = DispatchQueue.main.setSpecific(
    key: mainQueueKey, value: true)

  /// Whether the caller runs on the main queue (works where `Thread.isMainThread` does not).
  static var isOnMainQueue: Bool {
    _ = queueMark
    return DispatchQueue.getSpecific(key: mainQueueKey) == true
  }

  private let queued = Atomic<Int>(0)

  @usableFromInline var now: RxTime { Date() }

  @usableFromInline func schedule<StateType>(
    _ state: StateType, action: @escaping (StateType) -> Disposable
  )
    -> Disposable
  {
    let previous = queued.add(1, ordering: .sequentiallyConsistent).oldValue
    if previous == 0 && Self.isOnMainQueue {
      defer { queued.subtract(1, ordering: .sequentiallyConsistent) }
      return action(state)
    }
    let work = PendingWork(state, action)
    DispatchQueue.main.async {
      work.run()
      self.queued.subtract(1, ordering: .sequentiallyConsistent)
    }
    return work.cancel
  }

  @usableFromInline func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    let work = PendingWork(state, action)
    DispatchQueue.main.asyncAfter(deadline: .now() + dueTime) { work.run() }
    return work.cancel
  }
}

/// Marks the main queue, for `MainScheduler.isOnMainQueue`.
private let mainQueueKey = DispatchSpecificKey<Bool>()

/// A scheduled action that can be cancelled before it runs.
private final class PendingWork<State>: @unchecked Sendable {
  // `state` and `action` are read once, by the queue that runs the work; `cancel` is
  // thread-safe.
  let state: State
  let action: (State) -> Disposable
  let cancel = SingleAssignmentDisposable()

  init(_ state: State, _ action: @escaping (State) -> Disposable) {
    self.state = state
    self.action = action
  }

  func run() {
    if !cancel.isDisposed { cancel.setDisposable(action(state)) }
  }
}

extension ObservableType {
  /// Placeholder: delivers each event through `scheduler`.
  @usableFromInline
  func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
    Producer((asObservable(), scheduler)) { payload, sink, lifetime in
      let scheduler = payload.1
      return payload.0.run(
        { event in
          _ = scheduler.schedule(event) { event in
            if !lifetime.isEnded { sink(event) }
            return Disposables.create()
          }
        }, lifetime)
    }
  }

  /// Placeholder: subscribes to the source through `scheduler`.
  @usableFromInline
  func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
    Producer((asObservable(), scheduler)) { payload, sink, lifetime in
      let subscription = SingleAssignmentDisposable()
      let scheduled = payload.1.schedule(payload.0) { source in
        subscription.setDisposable(source.run(sink, lifetime))
        return Disposables.create()
      }
      return Disposables.create(scheduled, subscription)
    }
  }

  /// Placeholder: subscribes to the source after `dueTime`.
  @usableFromInline
  func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType)
    -> Observable<Element>
  {
    Producer((asObservable(), scheduler, dueTime)) { payload, sink, lifetime in
      let subscription = SingleAssignmentDisposable()
      let scheduled = payload.1.scheduleRelative(payload.0, dueTime: payload.2) { source in
        subscription.setDisposable(source.run(sink, lifetime))
        return Disposables.create()
      }
      return Disposables.create(scheduled, subscription)
    }
  }

  /// Placeholder: delivers elements and completion `dueTime` later; errors at once.
  @usableFromInline
  func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    Producer((asObservable(), scheduler, dueTime)) { payload, sink, lifetime in
      let timers = CompositeDisposable()
      let upstream = payload.0.run(
        { event in
          if case .error = event {
            sink(event)
            timers.dispose()
            return
          }
          timers.insert(
            payload.1.scheduleRelative(event, dueTime: payload.2) { event in
              if !lifetime.isEnded { sink(event) }
              return Disposables.create()
            })
        }, lifetime)
      return Disposables.create(upstream, timers)
    }
  }

  /// Placeholder: fails with `RxError.timeout` when no event arrives within `dueTime`.
  @usableFromInline
  func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    timeout(dueTime, other: Observable<Element>.error(RxError.timeout), scheduler: scheduler)
  }

  /// Placeholder: switches to `other` when no event arrives within `dueTime`.
  @usableFromInline
  func timeout<Other: ObservableConvertibleType>(
    _ dueTime: RxTimeInterval, other: Other, scheduler: SchedulerType
  ) -> Observable<Element> where Other.Element == Element {
    Producer((asObservable(), other.asObservable(), scheduler, dueTime)) {
      payload, sink, lifetime in
      let lock = Lock(recursive: true)
      let state = Box<(generation: Int, switched: Bool)>((0, false))
      let timer = SerialDisposable()
      let upstream = SerialDisposable()
      func arm() {
        let current = state.value.generation
        timer.disposable = payload.2.scheduleRelative((), dueTime: payload.3) { _ in
          lock.withLock {
            guard state.value.generation == current, !state.value.switched else { return }
            state.value.switched = true
            upstream.disposable = payload.1.run(sink, lifetime)
          }
          return Disposables.create()
        }
      }
      lock.withLock { arm() }
      let first = payload.0.run(
        { event in
          lock.withLock {
            guard !state.value.switched else { return }
            state.value.generation += 1
            sink(event)
            if case .next = event { arm() } else { timer.dispose() }
          }
        }, lifetime)
      let kept = lock.withLock { () -> Bool in
        if state.value.switched { return false }
        upstream.disposable = first
        return true
      }
      if !kept { first.dispose() }
      return Disposables.create(timer, upstream)
    }
  }

  /// Placeholder: emits an element once `dueTime` passes without a newer one.
  @usableFromInline
  func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    Producer((asObservable(), scheduler, dueTime)) { payload, sink, lifetime in
      let lock = Lock(recursive: true)
      let pending = Box<(id: Int, value: Element?)>((0, nil))
      let timer = SerialDisposable()
      let upstream = payload.0.run(
        { event in
          lock.withLock {
            switch event {
            case .next(let value):
              pending.value.id += 1
              pending.value.value = value
              let id = pending.value.id
              timer.disposable = payload.1.scheduleRelative((), dueTime: payload.2) { _ in
                lock.withLock {
                  guard pending.value.id == id, let value = pending.value.value else { return }
                  pending.value.value = nil
                  sink(.next(value))
                }
                return Disposables.create()
              }
            case .error:
              pending.value.value = nil
              sink(event)
            case .completed:
              if let value = pending.value.value { sink(.next(value)) }
              pending.value.value = nil
              sink(event)
            }
          }
        }, lifetime)
      return Disposables.create(upstream, timer)
    }
  }

  /// Placeholder: emits the first element, then at most one element per `dueTime` window
  /// (the window's last one when `latest` is true).
  @usableFromInline
  func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType)
    -> Observable<Element>
  {
    Producer((asObservable(), scheduler, dueTime, latest)) { payload, sink, lifetime in
      let lock = Lock(recursive: true)
      let state = Box<(windowOpen: Bool, latest: Element?)>((false, nil))
      let timer = SerialDisposable()
      func openWindow() {
        state.value.windowOpen = true
        timer.disposable = payload.1.scheduleRelative((), dueTime: payload.2) { _ in
          lock.withLock {
            state.value.windowOpen = false
            if let value = state.value.latest {
              state.value.latest = nil
              sink(.next(value))
              openWindow()
            }
          }
          return Disposables.create()
        }
      }
      let upstream = payload.0.run(
        { event in
          lock.withLock {
            switch event {
            case .next(let value):
              if state.value.windowOpen {
                if payload.3 { state.value.latest = value }
              } else {
                sink(event)
                openWindow()
              }
            case .error, .completed:
              timer.dispose()
              sink(event)
            }
          }
        }, lifetime)
      return Disposables.create(upstream, timer)
    }
  }
}
