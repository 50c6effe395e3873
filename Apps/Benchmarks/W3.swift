import ReactiveCore

/// W3: `n` times, build `just(1).map { $0 + 1 }.filter { _ in true }`, subscribe, dispose.
func subscribeAndDispose(_ n: Int) -> Pass {
  let total = Total()
  let nanoseconds = measure {
    for _ in 0..<n {
      let subscription = Observable.just(1).map { $0 + 1 }.filter { _ in true }
        .subscribe(onNext: { total.add($0) })
      subscription.dispose()
    }
  }
  return Pass(nanoseconds: nanoseconds, checksum: total.value)
}
