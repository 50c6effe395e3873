import ReactiveCore

/// W2: one `PublishSubject` with 100 subscribers; times `n` `onNext` calls (each delivered
/// 100 times).
func manySubscribers(_ n: Int) -> Pass {
  let subject = PublishSubject<Int>()
  var total = 0
  let bag = DisposeBag()
  for _ in 0..<100 {
    subject.subscribe(onNext: { total &+= $0 }).disposed(by: bag)
  }
  let nanoseconds = measure {
    for value in 0..<n { subject.onNext(value) }
  }
  return Pass(nanoseconds: nanoseconds, checksum: total)
}
