import ReactiveCore

/// W4: a `PublishSubject` through `flatMapLatest { Observable.just($0) }`; times `n` events.
func switchToJust(_ n: Int) -> Pass {
  let subject = PublishSubject<Int>()
  var total = 0
  let subscription = subject.flatMapLatest { Observable.just($0) }
    .subscribe(onNext: { total &+= $0 })
  let nanoseconds = measure {
    for value in 0..<n { subject.onNext(value) }
  }
  subscription.dispose()
  return Pass(nanoseconds: nanoseconds, checksum: total)
}
