import ReactiveCore

/// W4: a `PublishSubject` through `flatMapLatest { Observable.just($0) }`; times `n` events.
func switchToJust(_ n: Int) -> Pass {
  let subject = PublishSubject<Int>()
  let total = Total()
  let subscription = subject.flatMapLatest { Observable.just($0) }
    .subscribe(onNext: { total.add($0) })
  let nanoseconds = measure {
    for value in 0..<n { subject.onNext(value) }
  }
  subscription.dispose()
  return Pass(nanoseconds: nanoseconds, checksum: total.value)
}
