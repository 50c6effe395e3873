import Foundation
import ReactiveCore

/// A scheduler that runs every action at once, on the calling thread, and counts them: a
/// test can tell which scheduler instance delivered its events, and how many times.
///
/// Each test makes its own; it is not shared between threads.
final class CountingScheduler: SchedulerType {
  let name: String
  private(set) var actions = 0

  init(_ name: String = "counting") {
    self.name = name
  }

  var now: RxTime { Date(timeIntervalSince1970: 0) }

  func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
  {
    actions += 1
    return action(state)
  }

  func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    actions += 1
    return action(state)
  }
}

/// A `Single` that records how often it was subscribed and disposed, and can be completed by
/// hand through `observer`.
final class ManualSingle<Element> {
  private(set) var subscriptions = 0
  private(set) var disposals = 0
  private(set) var observer: ((SingleEvent<Element>) -> Void)?

  var single: Single<Element> {
    Single.create { observer in
      self.subscriptions += 1
      self.observer = observer
      return Disposables.create { self.disposals += 1 }
    }
  }

  func succeed(_ element: Element) { observer?(.success(element)) }

  func fail(_ error: Error) { observer?(.failure(error)) }
}

/// Collects strings from closures, in order.
final class CallLog {
  private(set) var items: [String] = []

  func append(_ item: String) { items.append(item) }
}

/// Wraps sources so that a test can count the subscriptions they receive and their
/// disposals.
final class SubscriptionLog {
  private(set) var subscriptions = 0
  private(set) var disposals = 0

  func counting<Element>(_ source: Observable<Element>) -> Observable<Element> {
    Observable.create { observer in
      self.subscriptions += 1
      let subscription = source.subscribe(observer)
      return Disposables.create {
        self.disposals += 1
        subscription.dispose()
      }
    }
  }
}
