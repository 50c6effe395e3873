import Cryptography
import Testing

@Suite struct ConstantTimeTests {
  @Test func equalBytesAreEqual() {
    #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
    #expect(ConstantTime.equals([], []))
  }

  @Test func aDifferenceAnywhereOrInLengthIsUnequal() {
    let reference: [UInt8] = [9, 8, 7, 6]
    for index in reference.indices {
      var changed = reference
      changed[index] ^= 0x01
      #expect(!ConstantTime.equals(reference, changed), "byte \(index) differs")
    }
    #expect(!ConstantTime.equals(reference, [9, 8, 7]))
    #expect(!ConstantTime.equals([9, 8, 7], reference))
  }
}
