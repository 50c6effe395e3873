import Dispatch
import ReactiveCore

let n = 10_000_000
let subject = PublishSubject<Int>()
var sum = 0
let d = subject.map { $0 &+ 1 }.filter { $0 % 2 == 0 }.scan(0, accumulator: &+).subscribe(onNext: {
  sum = $0
})
let t0 = DispatchTime.now().uptimeNanoseconds
for i in 0..<n { subject.onNext(i) }
let t1 = DispatchTime.now().uptimeNanoseconds
print("W1s", Double(t1 - t0) / Double(n), "ns/event", sum)
d.dispose()
var sum2 = 0
let t2 = DispatchTime.now().uptimeNanoseconds
_ = Observable.range(start: 0, count: n).map { $0 &+ 1 }.filter { $0 % 2 == 0 }.scan(
  0, accumulator: &+
).subscribe(onNext: { sum2 = $0 })
let t3 = DispatchTime.now().uptimeNanoseconds
print("W1r", Double(t3 - t2) / Double(n), "ns/event", sum2)
