import Foundation
import ReactiveCore
import ReactiveTesting
import Testing

/// The lines a program printed, its own and the default error handler's, in order.
private final class Output: @unchecked Sendable {  // guarded by `lock`
  private let lock = NSLock()
  private var written: [String] = []

  func write(_ line: String) { lock.withLock { written.append(line) } }

  var lines: [String] { lock.withLock { written } }
}

/// The error of RxSwift's playground, which prints as `test`.
private enum PlaygroundError: Error {
  case test
}

/// What the default error handler prints in this build: `debug` in debug builds, nothing in
/// release builds, as in RxSwift.
private func unhandled(_ debug: [String]) -> [String] {
  #if DEBUG
    return debug
  #else
    return []
  #endif
}

/// The default handler's output for the cases of RxSwift's playground, line for line as RxSwift
/// prints them in a debug build (each program's own `print` goes to the same output).
@Suite(.timeLimit(.minutes(1))) struct UnhandledErrorOutputTests {
  @Test func singleOnMoreThanOneElementPrintsTheFirstThenTheError() {
    let output = Output()
    Hooks.scoped(unhandledErrorOutput: output.write) {
      let disposeBag = DisposeBag()
      Observable.of("🐱", "🐰", "🐶", "🐸", "🐷", "🐵").single()
        .subscribe(onNext: { output.write($0) })
        .disposed(by: disposeBag)
      _ = Observable.of(1, 2).single().subscribe(onNext: { output.write("\($0)") })
    }
    #expect(
      output.lines
        == ["🐱"] + unhandled(["Unhandled error happened: Sequence contains more than one element."])
        + ["1"] + unhandled(["Unhandled error happened: Sequence contains more than one element."]))
  }

  @Test func anErrorWithNoHandlerIsPrintedOnceRetriesAreUsedUp() {
    let output = Output()
    Hooks.scoped(unhandledErrorOutput: output.write) {
      let disposeBag = DisposeBag()
      var count = 1
      let sequenceThatErrors = Observable<String>.create { observer in
        observer.onNext("🍎")
        observer.onNext("🍐")
        observer.onNext("🍊")
        if count < 5 {
          observer.onError(PlaygroundError.test)
          output.write("Error encountered")
          count += 1
        }
        observer.onNext("🐶")
        observer.onNext("🐱")
        observer.onNext("🐭")
        observer.onCompleted()
        return Disposables.create()
      }
      sequenceThatErrors.retry(3).subscribe(onNext: { output.write($0) }).disposed(by: disposeBag)
      _ = Observable<Int>.error(PlaygroundError.test).subscribe(onNext: { output.write("\($0)") })
    }
    // RxSwift's retry passes the last attempt's error on once that attempt's subscribe
    // returned, so "Error encountered" comes first.
    let attempt = ["🍎", "🍐", "🍊", "Error encountered"]
    #expect(
      output.lines
        == attempt + attempt + attempt
        + unhandled(["Unhandled error happened: test", "Unhandled error happened: test"]))
  }

  @Test func anErrorInAFlatMapIsPrintedAfterTheElementsBeforeIt() {
    let output = Output()
    Hooks.scoped(unhandledErrorOutput: output.write) {
      _ = Observable.of(1, 2, 3)
        .flatMap { n in n == 2 ? Observable<Int>.error(PlaygroundError.test) : .just(n * 10) }
        .subscribe(onNext: { output.write("\($0)") })
    }
    #expect(output.lines == ["10"] + unhandled(["Unhandled error happened: test"]))
  }

  @Test func aRecordedCallStackFollowsTheErrorOneFrameALine() {
    let output = Output()
    Hooks.scoped(
      recordCallStackOnError: true,
      customCaptureSubscriptionCallstack: { ["frame one", "frame two"] },
      unhandledErrorOutput: output.write
    ) {
      _ = Observable<Int>.error(PlaygroundError.test).subscribe(onNext: { output.write("\($0)") })
      _ = Single<Int>.error(RxError.noElements).subscribe(onSuccess: { output.write("\($0)") })
    }
    expectEqual(
      output.lines,
      unhandled([
        "Unhandled error happened: test", "subscription called from:", "frame one", "frame two",
        "Unhandled error happened: Sequence doesn't contain any elements.",
        "subscription called from:", "frame one", "frame two",
      ]))
  }

  @Test func theOutputFollowsTheSubscriptionToTheThreadItsErrorArrivesOn() {
    let output = Output()
    let subject = PublishSubject<Int>()
    let subscription = Hooks.scoped(unhandledErrorOutput: output.write) {
      subject.subscribe(onNext: { output.write("\($0)") })
    }
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      subject.onNext(1)
      subject.onError(PlaygroundError.test)
      done.signal()
    }
    expectEqual(done.wait(timeout: .now() + 10), .success)
    subscription.dispose()
    #expect(output.lines == ["1"] + unhandled(["Unhandled error happened: test"]))
  }

  @Test func aScopedHandlerReplacesTheDefaultOutput() {
    let output = Output()
    var handled: [String] = []
    Hooks.scoped(unhandledErrorOutput: output.write) {
      Hooks.scoped(defaultErrorHandler: { _, error in handled.append("\(error)") }) {
        _ = Observable<Int>.error(PlaygroundError.test).subscribe()
      }
    }
    expectEqual(handled, ["test"])
    #expect(output.lines.isEmpty)
  }
}
