import ReactiveCore

/// W1s: a `PublishSubject` fed by a loop, through `map`, `filter` and `scan`, to one
/// subscriber. Times the `onNext` calls.
func subjectChain(_ n: Int) -> Pass {
  let subject = PublishSubject<Int>()
  var last = 0
  let subscription = subject.map { $0 &+ 1 }.filter { $0 % 2 == 0 }.scan(0, accumulator: &+)
    .subscribe(onNext: { last = $0 })
  let nanoseconds = measure {
    for value in 0..<n { subject.onNext(value) }
  }
  subscription.dispose()
  return Pass(nanoseconds: nanoseconds, checksum: last)
}

/// W1r: the W1 chain fed by `Observable.range`. Times the subscription, which delivers every
/// element.
func rangeChain(_ n: Int) -> Pass {
  var last = 0
  var subscription: Disposable?
  let nanoseconds = measure {
    subscription = Observable.range(start: 0, count: n).map { $0 &+ 1 }.filter { $0 % 2 == 0 }
      .scan(0, accumulator: &+).subscribe(onNext: { last = $0 })
  }
  subscription?.dispose()
  return Pass(nanoseconds: nanoseconds, checksum: last)
}
