import RxBlocking
import RxCocoa
import RxRelay
import RxSwift
import RxTest
import Testing
import XCTest

/// A view model written as for RxSwift: its types are named with RxSwift's modules.
private struct CounterViewModel {
  let count: RxCocoa.Driver<Int>
  let label: RxCocoa.Signal<String>

  init(taps: RxSwift.Observable<Void>, start: RxRelay.BehaviorRelay<Int>) {
    let count = taps.scan(start.value) { total, _ in total + 1 }
    self.count = count.asDriver(onErrorJustReturn: -1)
    label = count.map { "\($0) taps" }.asSignal(onErrorSignalWith: .empty())
  }
}

/// Code that moves from RxSwift builds against these modules with its imports unchanged, and
/// names written with their module resolve.
@Suite struct QualifiedNamesTests {
  @Test func rxSwiftNamesResolveThroughTheirModules() throws {
    let numbers: RxSwift.Observable<Int> = RxSwift.Observable.of(1, 2, 3)
    let subject = RxSwift.PublishSubject<Int>()
    let bag = RxSwift.DisposeBag()
    var seen: [Int] = []
    let disposable: RxSwift.Disposable = subject.subscribe(onNext: { seen.append($0) })
    disposable.disposed(by: bag)
    subject.onNext(4)
    let single: RxSwift.Single<[Int]> = numbers.toArray()
    let scheduler: RxSwift.ImmediateSchedulerType = RxSwift.CurrentThreadScheduler.instance
    #expect(try single.asObservable().observe(on: scheduler).toBlocking().first() == [1, 2, 3])
    #expect(seen == [4])
    #expect(RxSwift.RxError.noElements.localizedDescription.isEmpty == false)
  }

  @Test func rxCocoaAndRxRelayNamesResolveThroughTheirModules() {
    let scheduler = RxTest.TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let taps = scheduler.createHotObservable([.next(210, ()), .next(220, ()), .completed(300)])
    let start = RxRelay.BehaviorRelay(value: 10)
    var label: [String] = []
    let observer = RxCocoa.SharingScheduler.mock(scheduler: scheduler) {
      () -> RxTest.TestableObserver<Int> in
      let viewModel = CounterViewModel(taps: taps.asObservable(), start: start)
      let observer = scheduler.createObserver(Int.self)
      _ = viewModel.count.drive(observer)
      _ = viewModel.label.emit(onNext: { label.append($0) })
      scheduler.start()
      return observer
    }
    let expected: [RxTest.Recorded<RxSwift.Event<Int>>] = [
      .next(210, 11), .next(220, 12), .completed(300),
    ]
    #expect(observer.events == expected)
    #expect(label == ["11 taps", "12 taps"])
  }

  @Test func rxBlockingReadsASequence() throws {
    let blocking: RxBlocking.BlockingObservable<Int> = RxSwift.Observable.range(start: 1, count: 3)
      .toBlocking(timeout: 5)
    #expect(try blocking.toArray() == [1, 2, 3])
  }
}

/// An RxTest-style XCTest case: `XCTAssertEqual` compares recorded events.
final class QualifiedNamesXCTests: XCTestCase {
  func testRecordedEventsCompareWithXCTAssertEqual() {
    let scheduler = RxTest.TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
    let observer = scheduler.start { source.map { $0 * 10 } }
    XCTAssertEqual(observer.events, [.next(210, 10), .next(220, 20), .completed(230)])
  }
}
