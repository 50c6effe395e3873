/// W7: the W1 computation (add one, keep the even numbers, running sum) as plain closures
/// stored in an array, without any reactive library: the floor the W1 chain is compared with.
func plainClosures(_ n: Int) -> Pass {
  var sum = 0
  let stages = makeStages { sum &+= $0 }
  var last = 0
  let nanoseconds = measure {
    for value in 0..<n {
      var current: Int? = value
      for stage in stages {
        guard let input = current else { break }
        current = stage(input)
      }
      if current != nil { last = sum }
    }
  }
  return Pass(nanoseconds: nanoseconds, checksum: last)
}

/// The three stages, built out of the optimiser's sight so they stay indirect calls.
@inline(never)
func makeStages(accumulate: @escaping (Int) -> Void) -> [(Int) -> Int?] {
  [
    { $0 &+ 1 },
    { $0 % 2 == 0 ? $0 : nil },
    { value in
      accumulate(value)
      return value
    },
  ]
}
