import Dispatch
import Foundation
import ReactiveCore
import ReactiveTesting
import Testing

/// Several threads feed operators at once; the observer must still see the Rx grammar (one
/// call at a time, nothing after the end) and every element exactly once.
@Suite struct StressTests {
  /// A number guarded by the caller's lock.
  final class SendCount: @unchecked Sendable {
    var value = 0
  }

  /// Weak references to objects that only observers own, to tell when those are freed.
  final class Canaries: @unchecked Sendable {  // guarded by `lock`
    final class Canary: Sendable {}
    private struct Reference { weak var canary: Canary? }
    private let lock = NSLock()
    private var references: [Reference] = []

    /// A new canary, remembered weakly.
    func make() -> Canary {
      let canary = Canary()
      lock.withLock { references.append(Reference(canary: canary)) }
      return canary
    }

    var count: Int { lock.withLock { references.count } }
    var alive: Int { lock.withLock { references.filter { $0.canary != nil }.count } }
  }

  static let threads = 4
  static let perThread = 10_000
  static var total: Int { threads * perThread }

  @Test func mergeSerialisesSourcesFedFromFourThreads() {
    expectNoLeaks {
      let subjects = (0..<Self.threads).map { _ in PublishSubject<Int>() }
      let checker = GrammarChecker<Int>()
      let subscription = checker.subscribe(to: Observable.merge(subjects.map { $0.asObservable() }))
      DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
        for index in 0..<Self.perThread { subjects[thread].onNext(thread * Self.perThread + index) }
        subjects[thread].onCompleted()
      }
      subscription.dispose()
      #expect(checker.grammarHeld)
      expectEqual(checker.terminalCount, 1)
      expectEqual(checker.elements.sorted(), Array(0..<Self.total))
    }
  }

  @Test func combineLatestSerialisesSourcesFedFromFourThreads() {
    expectNoLeaks {
      let subjects = (0..<Self.threads).map { _ in BehaviorSubject(value: 0) }
      let checker = GrammarChecker<Int>()
      let subscription = checker.subscribe(
        to: Observable.combineLatest(subjects) { $0.reduce(0, +) })
      DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
        for _ in 0..<Self.perThread { subjects[thread].onNext(1) }
        subjects[thread].onCompleted()
      }
      subscription.dispose()
      #expect(checker.grammarHeld)
      expectEqual(checker.terminalCount, 1)
      // One combination for the initial values, then one per element.
      #expect(checker.elements.count == 1 + Self.total)
      #expect(checker.elements.first == 0 && checker.elements.max() == Self.threads)
    }
  }

  @Test func zipPairsElementsFedFromFourThreads() {
    expectNoLeaks {
      let subjects = (0..<Self.threads).map { _ in PublishSubject<Int>() }
      let checker = GrammarChecker<[Int]>()
      let subscription = checker.subscribe(to: Observable.zip(subjects))
      DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
        for index in 0..<Self.perThread { subjects[thread].onNext(index) }
        subjects[thread].onCompleted()
      }
      subscription.dispose()
      #expect(checker.grammarHeld)
      expectEqual(checker.terminalCount, 1)
      let tuples = checker.elements
      expectEqual(tuples.count, Self.perThread)
      #expect(tuples.allSatisfy { Set($0).count == 1 })
      expectEqual(tuples.map { $0[0] }, Array(0..<Self.perThread))
    }
  }

  @Test func flatMapSerialisesInnerSequencesFedFromFourThreads() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      let inners = (0..<Self.threads).map { _ in PublishSubject<Int>() }
      let checker = GrammarChecker<Int>()
      let subscription = checker.subscribe(to: outer.flatMap { inners[$0] })
      for index in inners.indices { outer.onNext(index) }
      outer.onCompleted()
      DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
        for index in 0..<Self.perThread { inners[thread].onNext(thread * Self.perThread + index) }
        inners[thread].onCompleted()
      }
      subscription.dispose()
      #expect(checker.grammarHeld)
      expectEqual(checker.terminalCount, 1)
      expectEqual(checker.elements.sorted(), Array(0..<Self.total))
    }
  }

  @Test func flatMapLatestNeverDeliversFromAStaleInnerUnderConcurrency() {
    expectNoLeaks {
      let innerCount = 2_000
      let outer = PublishSubject<Int>()
      let inners = (0..<innerCount).map { _ in PublishSubject<Int>() }
      let checker = GrammarChecker<Int>()
      let subscription = checker.subscribe(to: outer.flatMapLatest { inners[$0] })
      DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
        if thread == 0 {
          for index in 0..<innerCount { outer.onNext(index) }
          return
        }
        // Each other thread owns a share of the inner subjects and keeps emitting into them,
        // tagging every element with the inner's index.
        var generator = SystemRandomNumberGenerator()
        let owned = stride(from: thread - 1, to: innerCount, by: Self.threads - 1).map { $0 }
        for _ in 0..<Self.perThread {
          let index = owned.randomElement(using: &generator)!
          inners[index].onNext(index)
        }
      }
      subscription.dispose()
      #expect(checker.grammarHeld)
      let tags = checker.elements
      // Once an inner's element was delivered, no element of an earlier inner may follow.
      #expect(zip(tags, tags.dropFirst()).allSatisfy { $0 <= $1 })
      #expect(inners.allSatisfy { !$0.hasObservers })
    }
  }

  @Test func flatMapLatestCompletesOnceWhenTheOuterAndTheInnerEndOnTwoThreads() {
    expectNoLeaks {
      // The outer and the current inner complete at the same moment on two threads: whichever
      // way they interleave, the result completes exactly once, after the inner's element.
      for _ in 0..<2_000 {
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        let checker = GrammarChecker<Int>()
        let subscription = checker.subscribe(to: outer.flatMapLatest { _ in inner })
        outer.onNext(0)
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
          if thread == 0 {
            outer.onCompleted()
          } else {
            inner.onNext(1)
            inner.onCompleted()
          }
        }
        subscription.dispose()
        if !checker.grammarHeld || checker.terminalCount != 1 || checker.elements != [1] {
          Issue.record("terminals \(checker.terminalCount), elements \(checker.elements)")
          return
        }
      }
    }
  }

  @Test func flatMapLatestSwitchesBetweenSynchronousInnersAndInnersEndingElsewhere() {
    expectNoLeaks {
      // One thread switches; every fourth inner is a subject that another thread completes
      // while the switching goes on, the rest end during their subscription.
      let count = 20_000
      let outer = PublishSubject<Int>()
      let live = (0..<(count / 4)).map { _ in PublishSubject<Int>() }
      let checker = GrammarChecker<Int>()
      let subscription = checker.subscribe(
        to: outer.flatMapLatest { value -> Observable<Int> in
          value.isMultiple(of: 4) ? live[value / 4].asObservable() : .just(value)
        })
      DispatchQueue.concurrentPerform(iterations: 2) { thread in
        if thread == 0 {
          for value in 0..<count { outer.onNext(value) }
          outer.onCompleted()
        } else {
          for subject in live { subject.onCompleted() }
        }
      }
      for subject in live { subject.onCompleted() }
      subscription.dispose()
      #expect(checker.grammarHeld)
      expectEqual(checker.terminalCount, 1)
      let expected = (0..<count).filter { !$0.isMultiple(of: 4) }
      expectEqual(checker.elements, expected)
      #expect(live.allSatisfy { !$0.hasObservers })
    }
  }

  @Test func publishSubjectSurvivesObserversComingAndGoingOnOtherThreads() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let sendLock = NSLock()
      let checker = GrammarChecker<Int>()
      let persistent = checker.subscribe(to: subject)
      DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
        for index in 0..<Self.perThread {
          let transient = GrammarChecker<Int>()
          let subscription = transient.subscribe(to: subject.map { $0 + 1 })
          // The grammar forbids concurrent sends into one subject: the senders take turns.
          sendLock.withLock { subject.onNext(thread * Self.perThread + index) }
          subscription.dispose()
          if !transient.grammarHeld { Issue.record("a transient observer saw a broken grammar") }
        }
      }
      sendLock.withLock { subject.onCompleted() }
      persistent.dispose()
      #expect(checker.grammarHeld)
      expectEqual(checker.terminalCount, 1)
      expectEqual(checker.elements.sorted(), Array(0..<Self.total))
      #expect(!subject.hasObservers)
    }
  }

  @Test func subjectFreesObserversThatLeaveWhileAnotherThreadDelivers() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let checker = GrammarChecker<Int>()
      let persistent = checker.subscribe(to: subject)
      let canaries = Canaries()
      // One thread sends while two others subscribe and leave: half of the observers leave
      // from their own thread, half from inside `onNext` on the sending thread (`take(1)`).
      DispatchQueue.concurrentPerform(iterations: 3) { thread in
        if thread == 0 {
          for value in 0..<Self.total { subject.onNext(value) }
          return
        }
        for index in 0..<Self.perThread {
          let canary = canaries.make()
          let transient = GrammarChecker<Int>()
          if index.isMultiple(of: 2) {
            let subscription = transient.subscribe(
              to: subject.map { value in withExtendedLifetime(canary) { value } })
            subscription.dispose()
          } else {
            _ = transient.subscribe(
              to: subject.take(1).map { value in withExtendedLifetime(canary) { value } })
          }
          if !transient.grammarHeld { Issue.record("a transient observer saw a broken grammar") }
        }
      }
      // The last element ends the `take(1)` observers that subscribed after the others ended,
      // and frees what a change retired too late for the delivery it raced with.
      subject.onNext(-1)
      persistent.dispose()
      #expect(checker.grammarHeld)
      #expect(checker.elements == Array(0..<Self.total) + [-1])
      expectEqual(canaries.count, 2 * Self.perThread)
      expectEqual(canaries.alive, 0)
      #expect(!subject.hasObservers)
    }
  }

  @Test func behaviorRelayAcceptsFromFourThreadsWhileObserversComeAndGo() {
    expectNoLeaks {
      let relay = BehaviorRelay(value: 0)
      // The senders take turns (the grammar forbids concurrent sends) and send 1, 2, 3, … in
      // the order they get the lock, so every observer must see increasing values.
      let sendLock = NSLock()
      let sent = SendCount()
      let checker = GrammarChecker<Int>()
      let persistent = checker.subscribe(to: relay)
      DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
        for index in 0..<Self.perThread {
          sendLock.withLock {
            sent.value += 1
            relay.accept(sent.value)
          }
          if index % 100 == 0 {
            // A new observer gets the current value first, then only newer ones.
            let transient = GrammarChecker<Int>()
            let before = relay.value
            let subscription = transient.subscribe(to: relay)
            let seen = transient.elements
            subscription.dispose()
            let ordered = zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 }
            if !transient.grammarHeld || !ordered || (seen.first ?? -1) < before {
              Issue.record("a new observer saw \(seen) after the value was \(before)")
            }
          }
        }
      }
      persistent.dispose()
      #expect(checker.grammarHeld)
      expectEqual(checker.elements, Array(0...Self.total))
      expectEqual(relay.value, Self.total)
      #expect(!relay.hasObservers)
    }
  }

  @Test func disposingWhileOtherThreadsEmitStopsDelivery() {
    expectNoLeaks {
      let subjects = (0..<Self.threads).map { _ in PublishSubject<Int>() }
      let checker = GrammarChecker<Int>()
      let subscription = checker.subscribe(
        to: Observable.merge(subjects.map { $0.asObservable() }).map { $0 * 2 })
      DispatchQueue.concurrentPerform(iterations: Self.threads + 1) { thread in
        if thread == Self.threads {
          while checker.elements.count < 100 {}
          subscription.dispose()
          return
        }
        for index in 0..<Self.perThread { subjects[thread].onNext(index) }
      }
      let delivered = checker.elements.count
      for subject in subjects { subject.onNext(0) }
      #expect(checker.grammarHeld)
      expectEqual(checker.elements.count, delivered)
      #expect(subjects.allSatisfy { !$0.hasObservers })
    }
  }
}
