/// Bytes written as hexadecimal digits, as the published test vectors are.
func hex(_ bytes: [UInt8]) -> String {
  bytes.map { byte in
    let digits = String(byte, radix: 16)
    return digits.count == 1 ? "0" + digits : digits
  }.joined()
}

/// The bytes of a hexadecimal text; spaces are ignored.
func bytes(hex text: String) -> [UInt8] {
  let digits = Array(text.filter { $0 != " " })
  return stride(from: 0, to: digits.count, by: 2).map { index in
    UInt8(String(digits[index...index + 1]), radix: 16)!
  }
}
