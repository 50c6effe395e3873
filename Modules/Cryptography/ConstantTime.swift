/// Comparisons whose duration does not depend on where two secrets differ.
public enum ConstantTime {
  /// Whether `first` and `second` hold the same bytes. It looks at every byte whatever it
  /// finds, so its duration tells only the lengths, which are not secret here.
  public static func equals(_ first: [UInt8], _ second: [UInt8]) -> Bool {
    guard first.count == second.count else { return false }
    var difference: UInt8 = 0
    for index in first.indices {
      difference |= first[index] ^ second[index]
    }
    return difference == 0
  }
}
