import Dispatch
import ReactiveCore
import ReactiveTesting
import Synchronization
import Testing

@Suite struct DisposableTests {
  final class Counter: @unchecked Sendable {  // atomic
    let value = Atomic<Int>(0)
    func increment() { value.add(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
  }

  @Test func anonymousDisposableRunsItsActionOnce() {
    let counter = Counter()
    let disposable = Disposables.create { counter.increment() }
    #expect(!disposable.isDisposed)
    disposable.dispose()
    disposable.dispose()
    #expect(disposable.isDisposed)
    expectEqual(counter.count, 1)
  }

  @Test func concurrentDisposalRunsEachActionExactlyOnce() {
    for _ in 0..<50 {
      let counter = Counter()
      let anonymous = Disposables.create { counter.increment() }
      let composite = CompositeDisposable()
      composite.insert(Disposables.create { counter.increment() })
      let serial = SerialDisposable()
      serial.disposable = Disposables.create { counter.increment() }
      let single = SingleAssignmentDisposable()
      single.setDisposable(Disposables.create { counter.increment() })
      let refCount = RefCountDisposable(disposable: Disposables.create { counter.increment() })
      let all: [Disposable] = [anonymous, composite, serial, single, refCount]
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        for disposable in all { disposable.dispose() }
      }
      expectEqual(counter.count, 5)
    }
  }

  @Test func compositeDisposableDisposesMembersAndLateInsertions() {
    let counter = Counter()
    let composite = CompositeDisposable(
      Disposables.create { counter.increment() }, Disposables.create { counter.increment() })
    let key = composite.insert(Disposables.create { counter.increment() })
    expectEqual(composite.count, 3)
    if let key { composite.remove(for: key) }
    expectEqual(counter.count, 1)
    expectEqual(composite.count, 2)
    composite.dispose()
    expectEqual(counter.count, 3)
    #expect(composite.isDisposed && composite.count == 0)
    let late = composite.insert(Disposables.create { counter.increment() })
    #expect(late == nil)
    expectEqual(counter.count, 4)
  }

  @Test func serialDisposableDisposesWhatItReplaces() {
    let counter = Counter()
    let serial = SerialDisposable()
    let first = Disposables.create { counter.increment() }
    serial.disposable = first
    serial.disposable = Disposables.create { counter.increment() }
    #expect(first.isDisposed && counter.count == 1)
    serial.dispose()
    #expect(serial.isDisposed && counter.count == 2)
    serial.disposable = Disposables.create { counter.increment() }
    expectEqual(counter.count, 3)
  }

  @Test func singleAssignmentDisposableDisposesALateAssignment() {
    let counter = Counter()
    let single = SingleAssignmentDisposable()
    single.dispose()
    #expect(single.isDisposed)
    single.setDisposable(Disposables.create { counter.increment() })
    expectEqual(counter.count, 1)
  }

  @Test func refCountDisposableWaitsForEveryRetainedHandle() {
    let counter = Counter()
    let refCount = RefCountDisposable(disposable: Disposables.create { counter.increment() })
    let first = refCount.retain()
    let second = refCount.retain()
    refCount.dispose()
    #expect(counter.count == 0 && !refCount.isDisposed)
    first.dispose()
    first.dispose()
    expectEqual(counter.count, 0)
    second.dispose()
    #expect(counter.count == 1 && refCount.isDisposed)
    refCount.retain().dispose()
    expectEqual(counter.count, 1)
  }

  @Test func booleanDisposableAndFactories() {
    let boolean = BooleanDisposable()
    #expect(!boolean.isDisposed)
    boolean.dispose()
    #expect(boolean.isDisposed)
    #expect(BooleanDisposable(isDisposed: true).isDisposed)
    let counter = Counter()
    let make = { Disposables.create { counter.increment() } }
    Disposables.create().dispose()
    Disposables.create(make(), make()).dispose()
    Disposables.create(make(), make(), make()).dispose()
    Disposables.create(make(), make(), make(), make()).dispose()
    Disposables.create([make(), make()]).dispose()
    expectEqual(counter.count, 11)
  }

  @Test func disposeBagDisposesEverythingWhenReleased() {
    let counter = Counter()
    var bag: DisposeBag? = DisposeBag()
    Disposables.create { counter.increment() }.disposed(by: bag!)
    bag?.insert(
      Disposables.create { counter.increment() }, Disposables.create { counter.increment() })
    bag?.insert {
      Disposables.create { counter.increment() }
    }
    expectEqual(counter.count, 0)
    bag = nil
    expectEqual(counter.count, 4)
    var built: DisposeBag? = DisposeBag {
      Disposables.create { counter.increment() }
      Disposables.create { counter.increment() }
    }
    #expect(built != nil)
    built = nil
    expectEqual(counter.count, 6)
  }

  @Test func subscriptionsInABagEndWithTheBag() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var bag: DisposeBag? = DisposeBag()
      subject.subscribe(onNext: { _ in }).disposed(by: bag!)
      subject.map { $0 }.subscribe(onNext: { _ in }).disposed(by: bag!)
      #expect(subject.hasObservers)
      bag = nil
      #expect(!subject.hasObservers)
    }
  }
}
