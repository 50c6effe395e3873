/// The checks a server makes on a JSON request body before a handler decodes it, for what
/// `JSONDecoder` lets through or explains badly: a member name given twice in one object
/// (the decoder keeps one of the values without a word), and nesting deeper than a limit
/// (the decoder's own limit is far deeper, and its error names no field).
///
/// It scans the structure only; malformed JSON is left for the decoder to report.
enum JSONBodyCheck {
  private enum Frame {
    case array
    /// An object: the names seen so far, and whether the next string is a name.
    case object(names: Set<String>, expectsName: Bool)
  }

  /// What is wrong with `body`, as a sentence for the client, or `nil`.
  static func problem(in body: ArraySlice<UInt8>, maximumNesting: Int) -> String? {
    var stack: [Frame] = []
    var index = body.startIndex
    while index < body.endIndex {
      let byte = body[index]
      index += 1
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        stack.append(byte == UInt8(ascii: "[") ? .array : .object(names: [], expectsName: true))
        if stack.count > maximumNesting {
          return "the request body nests objects and arrays more than \(maximumNesting) "
            + "levels deep; the limit is \(maximumNesting)"
        }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        guard !stack.isEmpty else { return nil }
        stack.removeLast()
      case UInt8(ascii: ","):
        if case .object(let names, _) = stack.last {
          stack[stack.count - 1] = .object(names: names, expectsName: true)
        }
      case UInt8(ascii: "\""):
        guard let (text, end) = string(in: body, from: index) else { return nil }
        index = end
        guard case .object(var names, true) = stack.last else { continue }
        guard names.insert(text).inserted else {
          return "the request body has the field \"\(text)\" more than once in one object"
        }
        stack[stack.count - 1] = .object(names: names, expectsName: false)
      default:
        continue
      }
    }
    return nil
  }

  /// The string whose content starts at `start` (after its opening quote), with its escapes
  /// decoded, and the index after its closing quote; `nil` when it does not end.
  private static func string(in body: ArraySlice<UInt8>, from start: Int) -> (String, Int)? {
    var bytes: [UInt8] = []
    var scalars = String.UnicodeScalarView()
    var pendingHigh: UInt32?
    /// Moves the bytes read so far into `scalars`.
    func flushBytes() {
      scalars.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars)
      bytes.removeAll()
    }
    func append(_ value: UInt32) {
      flushBytes()
      if let high = pendingHigh {
        pendingHigh = nil
        if (0xDC00...0xDFFF).contains(value) {
          let combined = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
          scalars.append(Unicode.Scalar(combined) ?? "\u{FFFD}")
          return
        }
        scalars.append("\u{FFFD}")
      }
      if (0xD800...0xDBFF).contains(value) {
        pendingHigh = value
      } else {
        scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
      }
    }
    var index = start
    while index < body.endIndex {
      let byte = body[index]
      index += 1
      if byte == UInt8(ascii: "\"") {
        if pendingHigh != nil { append(0) }
        flushBytes()
        return (String(scalars), index)
      }
      guard byte == UInt8(ascii: "\\") else {
        if pendingHigh != nil { append(0xFFFD) }
        bytes.append(byte)
        continue
      }
      guard index < body.endIndex else { return nil }
      let escaped = body[index]
      index += 1
      switch escaped {
      case UInt8(ascii: "u"):
        guard index + 4 <= body.endIndex,
          let value = UInt32(String(decoding: body[index..<(index + 4)], as: UTF8.self), radix: 16)
        else { return nil }
        index += 4
        append(value)
      case UInt8(ascii: "b"): append(0x08)
      case UInt8(ascii: "f"): append(0x0C)
      case UInt8(ascii: "n"): append(0x0A)
      case UInt8(ascii: "r"): append(0x0D)
      case UInt8(ascii: "t"): append(0x09)
      default: append(UInt32(escaped))
      }
    }
    return nil
  }
}
