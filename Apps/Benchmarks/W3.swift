import ReactiveCore

/// W3: `n` times, build `just(1).map { $0 + 1 }.filter { _ in true }`, subscribe, dispose.
func subscribeAndDispose(_ n: Int) -> Pass {
  var total = 0
  let nanoseconds = measure {
    for _ in 0..<n {
      let subscription = Observable.just(1).map { $0 + 1 }.filter { _ in true }
        .subscribe(onNext: { total &+= $0 })
      subscription.dispose()
    }
  }
  return Pass(nanoseconds: nanoseconds, checksum: total)
}
