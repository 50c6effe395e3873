internal import CTextScan
import Dispatch
import Foundation
import Synchronization

/// Reads JSON text in place, value by value, for hand-written decoders of store files.
///
/// The caller walks the document it expects (`object`, `array`, `string`, `int`…); every
/// problem of the text throws a ``JSONReader/Failure`` with the line and column where it
/// was found. Errors thrown by the caller's closures pass through unchanged.
/// This is much faster than `JSONDecoder` on large files: the reader works on the bytes of
/// the text, field names can be compared with the names a decoder expects without becoming
/// `String`s (see ``FieldNames``), and each string value is built once from its bytes
/// (escapes are decoded only in the strings that have some).
///
/// Objects and arrays may be nested ``maximumDepth`` deep; deeper text fails rather than
/// exhausting the stack, so no input can crash a reader. Every byte is looked at a bounded
/// number of times, so the cost is linear in the length of the text.
public struct JSONReader: Sendable {
  /// A syntax error or an unexpected kind of value, with its position.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    /// What is wrong, for example "expected a string".
    public var message: String
    /// The line of the text where it is wrong, from 1.
    public var line: Int
    /// The column (in bytes) where it is wrong, from 1.
    public var column: Int
    /// Whether the text is valid JSON there but holds another kind of value (a number
    /// where a string was expected, say), rather than broken JSON.
    public var isAboutAValue: Bool

    /// "expected a string at line 3, column 7".
    public var description: String { "\(message) at line \(line), column \(column)" }
  }

  /// How deeply objects and arrays may be nested.
  public static let maximumDepth = 512

  private let bytes: [UInt8]
  private let limit: Int
  /// All the bytes of the text, for readers of their own (``RecordFields``).
  var text: [UInt8] { bytes }
  /// The offset where the reader stops.
  var textLimit: Int { limit }
  var depth = 0
  /// Whether ``array(oneElementALine:)`` may read in parts, on several threads: not inside
  /// another such array, so that each byte is still read a bounded number of times.
  private var mayReadInParts = true
  /// How many ``object(asWritten:otherwise:)`` readers the reader is in: their failures are
  /// not shown, so their lines and columns, which take counting the lines before them, are
  /// not looked for.
  private var asWrittenLevels = 0
  /// The offset of the next byte to read.
  public internal(set) var position: Int

  /// A reader of all of `bytes`.
  public init(_ bytes: [UInt8]) {
    self.init(bytes, range: 0..<bytes.count)
  }

  /// A reader of `bytes[range]`; positions and line numbers stay those of all of `bytes`.
  public init(_ bytes: [UInt8], range: Range<Int>) {
    self.bytes = bytes
    limit = min(range.upperBound, bytes.count)
    position = min(range.lowerBound, limit)
  }

  /// Skips white space and returns the offset of the next byte: where the next value starts.
  public mutating func startOfNextValue() -> Int {
    skipWhitespace()
    return position
  }

  // MARK: Structure

  /// Reads an object, calling `field` with each field's name; `field` must read the value.
  public mutating func object(_ field: (inout JSONReader, String) throws -> Void) throws {
    try members { reader in
      let key = try reader.stringAfterQuote()
      try reader.expect(.colon, "expected ':' after a field name")
      try field(&reader, key)
    }
  }

  /// Reads an object's braces and commas; `member` reads each name (from just after its
  /// opening quote), its colon and its value.
  private mutating func members(_ member: (inout JSONReader) throws -> Void) throws {
    try expectValue(.openBrace, "expected an object")
    try enter()
    defer { depth -= 1 }
    skipWhitespace()
    if peek() == .closeBrace {
      position += 1
      return
    }
    while true {
      skipWhitespace()
      guard peek() == .quote else { throw failure("expected a field name in quotes") }
      position += 1
      try member(&self)
      skipWhitespace()
      switch peek() {
      case .comma: position += 1
      case .closeBrace:
        position += 1
        return
      default: throw failure("expected ',' or '}' in an object")
      }
    }
  }

  /// Reads an array, calling `element` for each element; `element` must read the value.
  public mutating func array(_ element: (inout JSONReader) throws -> Void) throws {
    try expectValue(.openBracket, "expected an array")
    try enter()
    defer { depth -= 1 }
    skipWhitespace()
    if peek() == .closeBracket {
      position += 1
      return
    }
    while true {
      try element(&self)
      skipWhitespace()
      switch peek() {
      case .comma: position += 1
      case .closeBracket:
        position += 1
        return
      default: throw failure("expected ',' or ']' in an array")
      }
    }
  }

  /// Arrays from this many bytes of text on are read in parts by
  /// ``array(oneElementALine:)``.
  public static let concurrentArrayBytes = 256 * 1024

  /// About how long each part of an array read in parts is: long enough that making its
  /// reader and moving its elements cost little beside reading it, short enough that the
  /// threads finish close together.
  static let chunkBytes = 512 * 1024

  /// The most parts an array is cut into.
  static let maximumChunks = 16

  /// How many threads read the parts of an array: the processors, up to four.
  @usableFromInline
  static let arrayThreads = min(ProcessInfo.processInfo.activeProcessorCount, 4)

  /// Reads an array whose elements are written one a line (as a store's encoder writes long
  /// lists, to keep its files readable) and returns them in order, `element` reading each
  /// one from its value and its position in the array.
  ///
  /// When the text left from the array on is at least ``concurrentArrayBytes`` long, it is
  /// cut into parts of about ``chunkBytes`` at line breaks, and the parts are read by up to
  /// four threads (the processors), each taking the next part left when it is done with one:
  /// a thread that runs slower (a processor shared with other work, or a slower kind of
  /// core) reads fewer parts. The result is the same as on one thread. A cut that does not
  /// fall between two elements (elements spread over several lines), or any error, makes the
  /// reader read the whole array again on one thread, so that errors are those (and name the
  /// position) the reading in order meets first. `element` must therefore give the same
  /// result each time it reads the same value, and may be called on several threads at once.
  @inlinable
  public mutating func array<Element: Sendable>(
    oneElementALine element: @Sendable (Int, inout JSONReader) throws -> Element
  ) throws -> [Element] {
    try array(
      oneElementALine: { (_: inout Void, index, reader) in try element(index, &reader) },
      part: {}
    ).elements
  }

  /// ``array(oneElementALine:)``, with a `Part` made by `makePart` for each part of the array
  /// read on its own and handed to `element` with each of its elements: state a reader of
  /// many elements reuses, such as a ``RecordCoding/Reader``, or that gathers something
  /// about the elements as they are read. Returns the parts too, in the order of the
  /// elements they read: one, or more when the array was read in parts.
  @inlinable
  public mutating func array<Element: Sendable, Part>(
    oneElementALine element: @Sendable (inout Part, Int, inout JSONReader) throws -> Element,
    part makePart: @Sendable () -> Part
  ) throws -> (elements: [Element], parts: [Part]) {
    if Self.arrayThreads > 1, let starts = chunksOfArray() {
      let chunks = ArrayChunks<Element, Part>(starts: starts)
      let document = self
      DispatchQueue.concurrentPerform(iterations: min(Self.arrayThreads, starts.count)) { _ in
        while let index = chunks.next() {
          chunks.read(index, of: document, element, makePart)
        }
      }
      if let (elements, parts, end) = chunks.take() {
        resumeAfterParts(at: end)
        return (elements, parts)
      }
    }
    var elements: [Element] = []
    var part = makePart()
    try arrayInOrder { reader in elements.append(try element(&part, elements.count, &reader)) }
    return (elements, [part])
  }

  /// Where each part of the array at `position` starts, when it is long enough to be read in
  /// parts: the first just inside the array, each other one at the first value after a line
  /// break near its share of the text left. `nil` when the array is too short, or in an array
  /// read in parts already.
  @usableFromInline
  mutating func chunksOfArray() -> [Int]? {
    skipWhitespace()
    let textLeft = limit - position
    guard mayReadInParts, textLeft >= Self.concurrentArrayBytes, peek() == .openBracket,
      depth < Self.maximumDepth
    else { return nil }
    let count = min(Self.maximumChunks, max(2, textLeft / Self.chunkBytes))
    var probe = self
    probe.position += 1
    probe.skipWhitespace()
    var starts = [probe.position]
    for index in 1..<count {
      var cut = max(position + textLeft / count * index, starts[starts.count - 1])
      while cut < limit, bytes[cut] != .newline { cut += 1 }
      probe.position = cut
      probe.skipWhitespace()
      guard probe.position < limit else { break }
      if probe.position > starts[starts.count - 1] { starts.append(probe.position) }
    }
    return starts.count > 1 ? starts : nil
  }

  /// A reader of the part of the array at `position` that starts at `start`: one level
  /// deeper, reading no array inside it in parts.
  @usableFromInline
  func chunkReader(at start: Int) -> JSONReader {
    var reader = self
    reader.position = start
    reader.depth = depth + 1
    reader.mayReadInParts = false
    return reader
  }

  /// About how many elements the array the reader is in holds, from the length of its
  /// first one (from `start` to `firstElementEnd`): as many as would fill the rest of the
  /// text, counting at least 32 bytes each, so that a short first element cannot make the
  /// guess much larger than the text.
  ///
  /// `end`, when given, is where the elements counted end instead.
  @usableFromInline
  func guessedArrayCount(from start: Int, firstElementEnd: Int, end: Int? = nil) -> Int {
    ((end ?? limit) - start) / max(firstElementEnd - start, 32) + 16
  }

  /// After an element: consumes a comma and the white space after it, if a comma follows.
  @usableFromInline
  mutating func continueArray() -> Bool {
    skipWhitespace()
    guard peek() == .comma else { return false }
    position += 1
    skipWhitespace()
    return true
  }

  /// Consumes the closing bracket of an array, if it is next.
  @usableFromInline
  mutating func endArray() -> Bool {
    guard peek() == .closeBracket else { return false }
    position += 1
    return true
  }

  /// Moves past an array read in parts, which ends at `end`.
  @usableFromInline
  mutating func resumeAfterParts(at end: Int) {
    position = end
  }

  /// ``array(_:)``, with no array inside it read in parts, so that each byte is still read
  /// a bounded number of times.
  @usableFromInline
  mutating func arrayInOrder(_ element: (inout JSONReader) throws -> Void) throws {
    let mayReadInParts = self.mayReadInParts
    self.mayReadInParts = false
    defer { self.mayReadInParts = mayReadInParts }
    try array(element)
  }

  /// A part of an array read in parts does not end where the next one starts: a cut fell
  /// inside an element written over several lines.
  @usableFromInline
  struct PartEndedEarly: Error {
    @usableFromInline init() {}
  }

  /// The parts of an array read in parts, and what the threads reading them found.
  ///
  /// Part `i` is read from `starts[i]` to `starts[i + 1]`, where its last element must end
  /// (with the comma after it), or to the array's closing bracket. The array ends in one part
  /// `j`; the parts after it hold other text (the document's cuts are spread over the text
  /// left, which goes on after the array), and what is read of them is dropped. The reading
  /// succeeds when parts `0...j` all do. Once a part fails, or the array is found to end in
  /// one, the parts after it are of no use: no thread starts them, and a thread reading one
  /// stops at its next element.
  @usableFromInline
  final class ArrayChunks<Element: Sendable, Part>: @unchecked Sendable {
    // `results[i]` is written by the one thread that reads part `i`, and read once
    // `concurrentPerform` has returned, which orders the two.
    @usableFromInline let starts: [Int]
    @usableFromInline let results: UnsafeMutablePointer<Result?>
    /// The next part no thread has taken.
    @usableFromInline let nextIndex = Atomic<Int>(0)
    /// The first part that failed, or `Int.max`.
    @usableFromInline let failed = Atomic<Int>(.max)
    /// The part in which the array ends, or `Int.max` while none has found it.
    @usableFromInline let ending = Atomic<Int>(.max)

    /// A part's elements, its `Part`, and the offset past the array's closing bracket if the
    /// array ends in it.
    @usableFromInline typealias Result = (elements: MovableElements<Element>, part: Part, end: Int?)

    @usableFromInline
    init(starts: [Int]) {
      self.starts = starts
      results = .allocate(capacity: starts.count)
      results.initialize(repeating: nil, count: starts.count)
    }

    deinit {
      results.deinitialize(count: starts.count)
      results.deallocate()
    }

    /// Whether part `index` can no longer be of use.
    @inlinable
    func isUseless(_ index: Int) -> Bool {
      index > min(failed.load(ordering: .relaxed), ending.load(ordering: .relaxed))
    }

    /// The next part to read, or `nil` when none is left that can be of use.
    @inlinable
    func next() -> Int? {
      let index = nextIndex.wrappingAdd(1, ordering: .relaxed).oldValue
      return index < starts.count && !isUseless(index) ? index : nil
    }

    /// Reads part `index` of the array at `document`'s position, recording what it finds.
    @inlinable
    func read(
      _ index: Int, of document: JSONReader,
      _ element: (inout Part, Int, inout JSONReader) throws -> Element,
      _ makePart: () -> Part
    ) {
      let start = starts[index]
      let end = index + 1 < starts.count ? starts[index + 1] : nil
      var reader = document.chunkReader(at: start)
      var part = makePart()
      let elements = MovableElements<Element>()
      do {
        while true {
          if isUseless(index) { return }
          elements.append(try element(&part, elements.count, &reader))
          if elements.count == 1 {
            // Room for this part, guessed from its first element, so that the elements are
            // not moved as they grow.
            elements.reserve(
              reader.guessedArrayCount(from: start, firstElementEnd: reader.position, end: end))
          }
          if reader.continueArray() {
            guard let end, reader.position >= end else { continue }
            guard reader.position == end else { throw PartEndedEarly() }
            results[index] = (elements, part, nil)
            return
          }
          guard reader.endArray() else { throw PartEndedEarly() }
          results[index] = (elements, part, reader.position)
          ending.min(index, ordering: .relaxed)
          return
        }
      } catch {
        failed.min(index, ordering: .relaxed)
      }
    }

    /// The elements of the array in order, the parts that read them, and the offset past the
    /// array; `nil` when the array must be read again in order.
    @inlinable
    func take() -> (elements: [Element], parts: [Part], end: Int)? {
      let last = ending.load(ordering: .relaxed)
      guard last < starts.count, failed.load(ordering: .relaxed) > last,
        let end = results[last]?.end
      else { return nil }
      var count = 0
      for index in 0...last {
        guard let result = results[index] else { return nil }
        count += result.elements.count
      }
      var parts: [Part] = []
      parts.reserveCapacity(last + 1)
      let elements = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
        var moved = 0
        for index in 0...last {
          let result = results[index].unsafelyUnwrapped
          let partCount = result.elements.count
          result.elements.moveAll(to: buffer.baseAddress! + moved)
          moved += partCount
          parts.append(result.part)
        }
        initialized = moved
      }
      return (elements, parts, end)
    }
  }

  /// Elements in memory of their own, appended by the thread that reads a part of an array
  /// and then moved, all at once, into the array of all the parts.
  ///
  /// The elements of an `Array` can only be copied into another array, which retains every
  /// reference in them, and then destroyed, which releases them again: for 50,000 records
  /// read on another thread, 1.5 ms of a load, most of it waiting for memory the other core
  /// wrote. These are moved, as bytes.
  @usableFromInline
  final class MovableElements<Element>: @unchecked Sendable {
    // Used by one thread at a time: filled by the thread that reads a part, then handed over
    // (through a dispatch group, once the filling thread is done) to the one that moves the
    // elements out.
    // Not checked for exclusive access: one check costs more than the append it guards.
    @usableFromInline @exclusivity(unchecked) var base: UnsafeMutablePointer<Element>
    @usableFromInline @exclusivity(unchecked) var capacity = 16
    @usableFromInline @exclusivity(unchecked) var count = 0

    @usableFromInline
    init() {
      base = .allocate(capacity: capacity)
    }

    deinit {
      base.deinitialize(count: count)
      base.deallocate()
    }

    @inlinable
    func append(_ element: consuming Element) {
      if count == capacity { reserve(capacity * 2) }
      (base + count).initialize(to: element)
      count += 1
    }

    /// Makes room for at least `wanted` elements.
    @usableFromInline
    func reserve(_ wanted: Int) {
      guard wanted > capacity else { return }
      let larger = UnsafeMutablePointer<Element>.allocate(capacity: wanted)
      larger.moveInitialize(from: base, count: count)
      base.deallocate()
      base = larger
      capacity = wanted
    }

    /// Moves every element to the memory at `target`, which must not be initialized.
    @inlinable
    func moveAll(to target: UnsafeMutablePointer<Element>) {
      target.moveInitialize(from: base, count: count)
      count = 0
    }
  }

  /// Checks that only white space follows the document.
  public mutating func end() throws {
    skipWhitespace()
    if position < limit { throw failure("unexpected text after the end of the document") }
  }

  /// One level deeper into an object or array, failing past ``maximumDepth``.
  @inline(__always)
  private mutating func enter() throws {
    if depth == Self.maximumDepth {
      position -= 1
      throw failure("objects and arrays nested more than \(Self.maximumDepth) deep")
    }
    depth += 1
  }

  // MARK: Values

  /// Reads a string.
  public mutating func string() throws -> String {
    try expectValue(.quote, "expected a string")
    return try stringAfterQuote()
  }

  /// Reads a string from just after its opening quote.
  private mutating func stringAfterQuote() throws -> String {
    let start = position
    let scan = scanPlainString()
    if scan.ends {
      let text = try makeString(start..<position, isASCII: scan.isASCII)
      position += 1
      return text
    }
    var buffer = try unescapedString(from: start)
    return try buffer.withUnsafeMutableBufferPointer { buffer in
      try makeString(UnsafeBufferPointer(buffer), isASCII: false)
    }
  }

  /// Reads a string and hands its UTF-8 bytes (escapes decoded) to `parse` instead of
  /// building a `String`; when `parse` returns `false`, fails with `message` at the start of
  /// the string. `parse` keeps what it makes of the bytes: for example
  /// `try reader.string(parsedBy: { date = parseDate($0); return date != nil }, orFail: …)`.
  public mutating func string(
    parsedBy parse: (UnsafeBufferPointer<UInt8>) -> Bool, orFail message: String
  ) throws {
    try expectValue(.quote, "expected a string")
    let start = position
    let parsed: Bool
    if scanPlainString().ends {
      parsed = bytes.withUnsafeBufferPointer { all in
        parse(UnsafeBufferPointer(rebasing: all[start..<position]))
      }
      position += 1
    } else {
      var buffer = try unescapedString(from: start)
      parsed = buffer.withUnsafeMutableBufferPointer { parse(UnsafeBufferPointer($0)) }
    }
    guard parsed else { throw failure(at: start - 1, message, value: true) }
  }

  /// Reads an integer (no fraction or exponent).
  public mutating func int() throws -> Int {
    skipWhitespace()
    if let value = shortWholeNumber() { return value }
    let start = position
    let negative = peek() == .minus
    let digitsStart = negative ? start + 1 : start
    var end = digitsStart
    var value = 0
    var overflow = false
    bytes.withUnsafeBufferPointer { all in
      // Eighteen digits cannot overflow: most numbers are read without checking.
      let plainEnd = min(limit, digitsStart + 18)
      while end < plainEnd {
        let digit = all[end] &- .zero
        guard digit < 10 else { break }
        value = value &* 10 &+ Int(digit)
        end += 1
      }
      if negative { value = 0 &- value }
      while end < limit {
        let digit = all[end] &- .zero
        guard digit < 10 else { break }
        let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
        let (next, overflow2) =
          negative
          ? times10.subtractingReportingOverflow(Int(digit))
          : times10.addingReportingOverflow(Int(digit))
        overflow = overflow || overflow1 || overflow2
        value = next
        end += 1
      }
    }
    if end == digitsStart {
      guard negative else { throw failure("expected a whole number", value: startsAValue) }
      position = end
      // At the end of the text, the failure says that it ends too early.
      if position >= limit { throw failure("malformed number") }
      throw failure(at: start, "malformed number", value: false)
    }
    if end - digitsStart > 1, bytes[digitsStart] == .zero {
      throw failure(at: start, "malformed number: a leading zero", value: false)
    }
    if end < limit, bytes[end] == .dot || bytes[end] == .lowerE || bytes[end] == .upperE {
      throw failure(at: start, "expected a whole number", value: true)
    }
    if overflow { throw failure(at: start, "number out of range", value: true) }
    position = end
    return value
  }

  /// The whole number of one to seven digits, without a sign, at the position, when a byte
  /// that ends it follows: read from eight bytes at once, and consumed. `nil` (having read
  /// nothing) for anything else, which ``int()`` then reads digit by digit, or fails on.
  @inline(__always)
  private mutating func shortWholeNumber() -> Int? {
    guard limit - position >= 8 else { return nil }
    // The first byte of the text is the lowest.
    let word = bytes.withUnsafeBytes { all in
      UInt64(littleEndian: all.loadUnaligned(fromByteOffset: position, as: UInt64.self))
    }
    let ones: UInt64 = 0x0101_0101_0101_0101
    // The high bit of each byte that is not a digit is set, and maybe of some bytes after
    // it, never before: the lowest bit set is exact.
    let notDigits = ((word &+ ones &* 0x46) | (word &- ones &* 0x30)) & (ones &* 0x80)
    guard notDigits != 0 else { return nil }
    let count = notDigits.trailingZeroBitCount / 8
    guard count > 0 else { return nil }
    let next = UInt8(truncatingIfNeeded: word >> (8 * UInt64(count)))
    guard next != .dot, next != .lowerE, next != .upperE,
      count == 1 || UInt8(truncatingIfNeeded: word) != .zero
    else { return nil }
    // The digits' values, the last one in the highest byte and zeros (leading zeros of the
    // number) in the bytes below the first, then added up in pairs, fours and the eight.
    var digits = (word &- ones &* 0x30) << (8 * UInt64(8 - count))
    digits = ((digits & (ones &* 0x0F)) &* 2561) >> 8
    digits = ((digits & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
    digits = ((digits & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
    position += count
    return Int(digits & 0xFFFF_FFFF)
  }

  /// Reads `true` or `false`.
  public mutating func bool() throws -> Bool {
    skipWhitespace()
    if matches("true") { return true }
    if matches("false") { return false }
    throw failure("expected true or false", value: startsAValue)
  }

  /// Reads and discards any value.
  public mutating func skipValue() throws {
    skipWhitespace()
    guard let byte = peek() else { throw failure("expected a value") }
    switch byte {
    case .openBrace: try object { reader, _ in try reader.skipValue() }
    case .openBracket: try array { reader in try reader.skipValue() }
    case .quote:
      position += 1
      if scanPlainString().ends {
        position += 1
      } else {
        _ = try unescapedString(from: position)
      }
    case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
    case UInt8(ascii: "n"):
      if !matches("null") { throw failure("expected a value") }
    case .minus, .zero...UInt8(ascii: "9"): try scanNumber()
    default: throw failure("expected a value")
    }
  }

  /// Reads any value and returns its text as written, the white space inside it included:
  /// what a reader keeps of a value it does not understand, to write it back unchanged.
  public mutating func valueText() throws -> [UInt8] {
    let start = startOfNextValue()
    try skipValue()
    return Array(bytes[start..<position])
  }

  /// Reads `null`, returning whether it was there (and nothing was read otherwise).
  public mutating func null() -> Bool {
    skipWhitespace()
    return matches("null")
  }

  /// The kind of the next value, from its first character, without reading it.
  public mutating func nextKind() -> ValueKind? {
    skipWhitespace()
    guard let byte = peek() else { return nil }
    switch byte {
    case .openBrace: return .object
    case .openBracket: return .array
    case .quote: return .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    case .minus, .zero...UInt8(ascii: "9"): return .number
    default: return nil
    }
  }

  /// The kinds of JSON values.
  public enum ValueKind: Sendable {
    case object, array, string, number, bool, null
  }

  /// Reads a number as its text (to keep every digit exactly), checking its form.
  public mutating func numberText() throws -> String {
    skipWhitespace()
    let start = position
    guard let byte = peek(), byte == .minus || (byte &- .zero) < 10 else {
      throw failure("expected a number", value: startsAValue)
    }
    try scanNumber()
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  // MARK: Field names

  /// The names of the fields a decoder knows, for ``object(_:_:)``, which then tells each
  /// field by its index in the list, comparing the bytes of the text with those of the
  /// names: no `String` is built for a field's name. Make one once (a `static let`) and
  /// reuse it.
  public struct FieldNames: Sendable {
    /// The UTF-8 bytes of every name, one after the other.
    fileprivate let table: [UInt8]
    /// Where each name starts in `table`, and the end of the last one.
    fileprivate let starts: [Int]

    /// The names, in the order of their indices.
    public init(_ names: [String]) {
      var table: [UInt8] = []
      var starts = [0]
      for name in names {
        table += name.utf8
        starts.append(table.count)
      }
      self.table = table
      self.starts = starts
    }

    /// The number of names.
    public var count: Int { starts.count - 1 }

    /// The length in bytes of name `index`, or `nil` when there are no names.
    fileprivate func length(of index: Int) -> Int? {
      index < count ? starts[index + 1] - starts[index] : nil
    }

    /// The index of the name whose bytes are `name`, trying `first` first (fields usually
    /// come in the same order), or `nil`.
    fileprivate func index(of name: UnsafeBufferPointer<UInt8>, first: Int) -> Int? {
      let count = self.count
      return table.withUnsafeBufferPointer { table in
        starts.withUnsafeBufferPointer { starts in
          for step in 0..<count {
            let index = (first + step) % count
            let start = starts[index]
            guard starts[index + 1] - start == name.count else { continue }
            if name.isEmpty
              || memcmp(table.baseAddress! + start, name.baseAddress!, name.count) == 0
            {
              return index
            }
          }
          return nil
        }
      }
    }
  }

  /// Reads an object in one of two ways: with `asWritten`, a reader of the one form a store's
  /// encoder writes it in (its fields in their order, with the encoder's spacing), from just
  /// after the opening brace to just before the closing one; or, when `asWritten` returns
  /// `nil` (the text has another form: other spacing or order, unknown or missing fields,
  /// a value it does not take), from its start again with `otherwise`, which reads any form
  /// and names what is wrong.
  ///
  /// `asWritten` is the fast way for the elements of a long list; it must return a value
  /// only for text that `otherwise` reads as the same value, so that the result does not
  /// depend on the way taken. Typically it checks the text between values with
  /// ``skip(exactly:)`` and reads the values with `try?` (failures met there have no line
  /// or column, which would take counting the lines before them). The object must end where
  /// `asWritten` stops, or `otherwise` reads it. The text of an object not read as written is
  /// looked at twice, so the cost stays linear in its length.
  @inlinable
  public mutating func object<Value>(
    asWritten: (inout JSONReader) -> Value?, otherwise: (inout JSONReader) throws -> Value
  ) rethrows -> Value {
    if let start = enterObjectAsWritten() {
      let value = asWritten(&self)
      if leaveObjectAsWritten(from: start, read: value != nil), let value { return value }
    }
    return try otherwise(&self)
  }

  /// For ``object(asWritten:otherwise:)``: moves past white space and the opening brace of
  /// an object, one level deeper, and returns where the object starts; `nil` (having read
  /// nothing but white space) when no object starts there or it would be nested too deeply.
  @usableFromInline
  mutating func enterObjectAsWritten() -> Int? {
    skipWhitespace()
    guard depth < Self.maximumDepth, peek() == .openBrace else { return nil }
    let start = position
    position += 1
    depth += 1
    asWrittenLevels += 1
    return start
  }

  /// For ``object(asWritten:otherwise:)``: back out of the object that starts at `start`.
  /// Moves past its closing brace and returns `true` when its fields were `read` and the
  /// brace comes next; otherwise returns to `start` and returns `false`.
  @usableFromInline
  mutating func leaveObjectAsWritten(from start: Int, read: Bool) -> Bool {
    depth -= 1
    asWrittenLevels -= 1
    if read, peek() == .closeBrace {
      position += 1
      return true
    }
    position = start
    return false
  }

  /// Consumes `text` when the bytes at the position are exactly those of `text`, and returns
  /// whether they were; reads nothing otherwise. White space is not skipped: it must be in
  /// `text`. For the fixed text between the values of ``object(asWritten:otherwise:)``.
  public mutating func skip(exactly text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    let start = position
    guard count <= limit - start, count > 0 else { return count == 0 }
    guard text.hasPointerRepresentation else {
      // One character, held as a scalar.
      return text.withUTF8Buffer { expected in
        guard bytes[start] == expected[0] else { return false }
        position += 1
        return true
      }
    }
    let wanted = UnsafeRawPointer(text.utf8Start)
    let same = bytes.withUnsafeBytes { all in
      let here = all.baseAddress! + start
      // Whole words, the last one overlapping the one before it when `count` is not a
      // multiple of their size.
      if count >= 8 {
        var offset = 0
        while offset + 8 < count {
          if here.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            != wanted.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          {
            return false
          }
          offset += 8
        }
        return here.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
          == wanted.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      }
      if count >= 4 {
        return here.loadUnaligned(as: UInt32.self) == wanted.loadUnaligned(as: UInt32.self)
          && here.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            == wanted.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      }
      return memcmp(here, wanted, count) == 0
    }
    if same { position += count }
    return same
  }

  /// Reads an object, calling `field` with the index in `names` of each field's name (`nil`
  /// for a name not in `names`); `field` must read the value. Faster than ``object(_:)``
  /// for objects of known fields, such as the elements of a long list.
  public mutating func object(
    _ names: FieldNames, _ field: (inout JSONReader, _ index: Int?) throws -> Void
  ) throws {
    var next = 0
    try members { reader in
      let start = reader.position
      if let length = names.length(of: next), reader.matchesName(names, next, length) {
        // The name expected next, followed by its closing quote: no need to scan it.
        reader.position += length + 1
        let index = next
        next = next + 1 == names.count ? 0 : next + 1
        try reader.expect(.colon, "expected ':' after a field name")
        return try field(&reader, index)
      }
      let scan = reader.scanPlainString()
      var index: Int?
      if scan.ends {
        let end = reader.position
        index = try reader.bytes.withUnsafeBufferPointer { all in
          let name = UnsafeBufferPointer(rebasing: all[start..<end])
          if !scan.isASCII { _ = try reader.makeString(name, isASCII: false) }
          return names.index(of: name, first: next)
        }
        reader.position += 1
      } else {
        var buffer = try reader.unescapedString(from: start)
        index = try buffer.withUnsafeMutableBufferPointer { buffer in
          let name = UnsafeBufferPointer(buffer)
          _ = try reader.makeString(name, isASCII: false)
          return names.index(of: name, first: next)
        }
      }
      if let index { next = (index + 1) % names.count }
      try reader.expect(.colon, "expected ':' after a field name")
      try field(&reader, index)
    }
  }

  /// Whether the text at the position is name `index` of `names` (of `length` bytes) and a
  /// closing quote.
  private func matchesName(_ names: FieldNames, _ index: Int, _ length: Int) -> Bool {
    guard position + length < limit else { return false }
    return bytes.withUnsafeBufferPointer { all in
      names.table.withUnsafeBufferPointer { table in
        all[position + length] == .quote
          && memcmp(all.baseAddress! + position, table.baseAddress! + names.starts[index], length)
            == 0
      }
    }
  }

  // MARK: Strings

  /// What ``scanPlainString()`` found.
  private struct Scan {
    /// Whether the string ends at the position, where its closing quote is.
    var ends: Bool
    /// Whether every byte passed is ASCII.
    var isASCII: Bool
  }

  /// Moves past the bytes of a string that need no decoding, from just after its opening
  /// quote. The string ends there (at its closing quote, which is not consumed), or holds an
  /// escape or a control character, or is unfinished, which ``unescapedString(from:)`` then
  /// handles.
  ///
  /// Looks at sixteen bytes at a time (`CTextScan`, with the processor's vector
  /// instructions) while none of them is a quote, a backslash or a control character, which
  /// is most of the text of a store.
  private mutating func scanPlainString() -> Scan {
    var nonASCII: Int32 = 0
    let start = position
    let end = limit
    let offset = bytes.withUnsafeBufferPointer { all -> Int in
      guard let base = all.baseAddress, start < end else { return start }
      return ctextscan_plain_string(base, start, end, &nonASCII)
    }
    position = offset
    return Scan(ends: offset < end && bytes[offset] == .quote, isASCII: nonASCII == 0)
  }

  /// Reads the rest of a string that starts at `start` (just after its opening quote) and
  /// needs decoding, up to and including its closing quote; returns its UTF-8 bytes.
  private mutating func unescapedString(from start: Int) throws -> [UInt8] {
    var buffer = Array(bytes[start..<position])
    while position < limit {
      let byte = bytes[position]
      position += 1
      switch byte {
      case .quote: return buffer
      case .backslash: try unescape(into: &buffer)
      case ..<0x20:
        position -= 1
        throw failure("control character in a string")
      default: buffer.append(byte)
      }
    }
    throw failure("unterminated string")
  }

  /// A `String` of `bytes[range]`, failing (at the position) unless it is valid UTF-8.
  private func makeString(_ range: Range<Int>, isASCII: Bool) throws -> String {
    try bytes.withUnsafeBufferPointer { all in
      try makeString(UnsafeBufferPointer(rebasing: all[range]), isASCII: isASCII)
    }
  }

  private func makeString(_ utf8: UnsafeBufferPointer<UInt8>, isASCII: Bool) throws -> String {
    // `String(decoding:)` is much faster than `String(validating:)`; it replaces invalid
    // UTF-8, which therefore shows as a difference from the bytes.
    var text = String(decoding: utf8, as: UTF8.self)
    if !isASCII {
      let same = text.withUTF8 { decoded in
        decoded.count == utf8.count
          && (utf8.isEmpty || memcmp(decoded.baseAddress!, utf8.baseAddress!, utf8.count) == 0)
      }
      if !same { throw failure("invalid UTF-8 in a string") }
    }
    return text
  }

  // MARK: Numbers

  /// Moves past a number, checking it has JSON's form: an optional minus, whole digits
  /// without a leading zero, an optional fraction and an optional exponent.
  private mutating func scanNumber() throws {
    let start = position
    func digits() -> Int {
      let first = position
      while let byte = peek(), (byte &- .zero) < 10 { position += 1 }
      return position - first
    }
    if peek() == .minus { position += 1 }
    let whole = position
    let wholeDigits = digits()
    guard wholeDigits > 0 else { throw malformedNumber(start) }
    if wholeDigits > 1, bytes[whole] == .zero { throw malformedNumber(start) }
    if peek() == .dot {
      position += 1
      guard digits() > 0 else { throw malformedNumber(start) }
    }
    if let byte = peek(), byte == .lowerE || byte == .upperE {
      position += 1
      if let sign = peek(), sign == .plus || sign == .minus { position += 1 }
      guard digits() > 0 else { throw malformedNumber(start) }
    }
  }

  private mutating func malformedNumber(_ start: Int) -> Failure {
    if position >= limit { return failure("malformed number") }
    let found = failure(at: start, "malformed number", value: false)
    position = start
    return found
  }

  // MARK: Errors

  /// A failure at the current position; `value` tells whether it is about the kind of
  /// value found rather than the JSON syntax.
  public func failure(_ message: String, value: Bool = false) -> Failure {
    if position >= limit {
      return failure(at: limit, "the text ends too early", value: false)
    }
    return failure(at: position, message, value: value)
  }

  private func failure(at position: Int, _ message: String, value: Bool) -> Failure {
    guard asWrittenLevels == 0 else {
      return Failure(message: message, line: 0, column: 0, isAboutAValue: value)
    }
    var line = 1
    var lineStart = 0
    for index in 0..<min(position, bytes.count) where bytes[index] == .newline {
      line += 1
      lineStart = index + 1
    }
    return Failure(
      message: message, line: line, column: position - lineStart + 1, isAboutAValue: value)
  }

  // MARK: Helpers

  @inline(__always)
  private func peek() -> UInt8? {
    position < limit ? bytes[position] : nil
  }

  @inline(__always)
  private mutating func skipWhitespace() {
    // Most values follow their separator directly or after one space.
    if position < limit, bytes[position] > .space { return }
    skipSomeWhitespace()
  }

  private mutating func skipSomeWhitespace() {
    while let byte = peek(),
      byte == .space || byte == .newline || byte == UInt8(ascii: "\r") || byte == .tab
    {
      position += 1
    }
  }

  /// Whether the next character can start a JSON value.
  private var startsAValue: Bool {
    guard let byte = peek() else { return false }
    return "{[\"-0123456789tfn".utf8.contains(byte)
  }

  /// Consumes `byte`, which starts the kind of value the caller expects.
  @inline(__always)
  private mutating func expectValue(_ byte: UInt8, _ message: StaticString) throws {
    skipWhitespace()
    guard peek() == byte else { throw failure("\(message)", value: startsAValue) }
    position += 1
  }

  @inline(__always)
  private mutating func expect(_ byte: UInt8, _ message: StaticString) throws {
    skipWhitespace()
    guard peek() == byte else { throw failure("\(message)") }
    position += 1
  }

  private mutating func matches(_ word: StaticString) -> Bool {
    skip(exactly: word)
  }

  private mutating func unescape(into buffer: inout [UInt8]) throws {
    guard let byte = peek() else { throw failure("unterminated string") }
    position += 1
    switch byte {
    case .quote, .backslash, UInt8(ascii: "/"): buffer.append(byte)
    case UInt8(ascii: "n"): buffer.append(0x0A)
    case UInt8(ascii: "r"): buffer.append(0x0D)
    case UInt8(ascii: "t"): buffer.append(0x09)
    case UInt8(ascii: "b"): buffer.append(0x08)
    case UInt8(ascii: "f"): buffer.append(0x0C)
    case UInt8(ascii: "u"):
      var scalar = try hex4()
      if (0xD800..<0xDC00).contains(scalar) {
        guard matches("\\u") else { throw failure("unpaired surrogate in a string") }
        let low = try hex4()
        guard (0xDC00..<0xE000).contains(low) else {
          position -= 6
          throw failure("unpaired surrogate in a string")
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00..<0xE000).contains(scalar) {
        position -= 6
        throw failure("unpaired surrogate in a string")
      }
      guard let unicode = Unicode.Scalar(scalar) else {
        throw failure("invalid \\u escape in a string")
      }
      buffer.append(contentsOf: UTF8.encode(unicode)!)
    default:
      position -= 1
      throw failure("invalid escape in a string")
    }
  }

  private mutating func hex4() throws -> UInt32 {
    guard position + 4 <= limit else { throw failure("invalid \\u escape in a string") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt32
      switch byte {
      case .zero...UInt8(ascii: "9"): digit = UInt32(byte - .zero)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw failure("invalid \\u escape in a string")
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }
}

extension UInt8 {
  fileprivate static let quote = UInt8(ascii: "\"")
  fileprivate static let backslash = UInt8(ascii: "\\")
  fileprivate static let openBrace = UInt8(ascii: "{")
  fileprivate static let closeBrace = UInt8(ascii: "}")
  fileprivate static let openBracket = UInt8(ascii: "[")
  fileprivate static let closeBracket = UInt8(ascii: "]")
  fileprivate static let comma = UInt8(ascii: ",")
  fileprivate static let colon = UInt8(ascii: ":")
  fileprivate static let minus = UInt8(ascii: "-")
  fileprivate static let plus = UInt8(ascii: "+")
  fileprivate static let dot = UInt8(ascii: ".")
  fileprivate static let zero = UInt8(ascii: "0")
  fileprivate static let lowerE = UInt8(ascii: "e")
  fileprivate static let upperE = UInt8(ascii: "E")
  fileprivate static let space = UInt8(ascii: " ")
  fileprivate static let newline = UInt8(ascii: "\n")
  fileprivate static let tab = UInt8(ascii: "\t")
}

// The steps ``RecordDecoder`` takes through objects and arrays whose end it learns only
// when the `Decodable` type reading them returns.
extension JSONReader {
  /// Consumes the opening brace of an object (one level deeper) and returns where it starts.
  mutating func openObject() throws -> Int {
    skipWhitespace()
    let start = position
    try expectValue(.openBrace, "expected an object")
    try enter()
    return start
  }

  /// Consumes the opening bracket of an array, one level deeper.
  mutating func openArray() throws {
    try expectValue(.openBracket, "expected an array")
    try enter()
  }

  /// Consumes `"key": `, preceded by `, ` unless it is the `first` field, when the text has
  /// exactly that there (the form the encoder writes); reads nothing otherwise.
  mutating func skipKey(_ key: String, first: Bool) -> Bool {
    let start = position
    if !first {
      guard limit - position >= 2, bytes[position] == .comma, bytes[position + 1] == .space
      else { return false }
      position += 2
    }
    var key = key
    let matched = key.withUTF8 { name -> Bool in
      let count = name.count
      guard limit - position >= count + 4, bytes[position] == .quote else { return false }
      let same = bytes.withUnsafeBufferPointer { all in
        count == 0 || memcmp(all.baseAddress! + position + 1, name.baseAddress!, count) == 0
      }
      let after = position + 1 + count
      guard same, bytes[after] == .quote, bytes[after + 1] == .colon,
        bytes[after + 2] == .space
      else { return false }
      position = after + 3
      return true
    }
    if !matched { position = start }
    return matched
  }

  /// Consumes `text` when the bytes at the position are exactly those; reads nothing
  /// otherwise.
  @inline(__always)
  mutating func skip(text: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = text.count
    guard count > 0, limit - position >= count else { return count == 0 }
    let same = bytes.withUnsafeBytes { all -> Bool in
      let here = all.baseAddress! + position
      let there = UnsafeRawPointer(text.baseAddress!)
      // Whole words, the last one overlapping the one before it when `count` is not a
      // multiple of their size: field names are short.
      if count >= 8 {
        var offset = 0
        while offset + 8 < count {
          if here.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            != there.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          {
            return false
          }
          offset += 8
        }
        return here.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
          == there.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      }
      if count >= 4 {
        return here.loadUnaligned(as: UInt32.self) == there.loadUnaligned(as: UInt32.self)
          && here.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            == there.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      }
      return memcmp(here, there, count) == 0
    }
    if same { position += count }
    return same
  }

  /// The offset of each field's value in the object that starts at `start` (the first of a
  /// repeated name), and the offset just past the object. Call inside the object (after
  /// ``openObject()``); the depth stays that of the object's inside.
  mutating func indexFields(from start: Int) throws -> (fields: [String: Int], end: Int) {
    position = start
    depth -= 1
    defer { depth += 1 }
    var fields: [String: Int] = [:]
    try object { reader, key in
      let valueStart = reader.startOfNextValue()
      if fields[key] == nil { fields[key] = valueStart }
      try reader.skipValue()
    }
    return (fields, position)
  }

  /// Moves to `offset`, the start of a value found by ``indexFields(from:)``.
  mutating func move(to offset: Int) {
    position = offset
  }

  /// Leaves an object at `end`, found by ``indexFields(from:)``, one level up.
  mutating func leave(at end: Int) {
    position = end
    depth -= 1
  }

  /// Reads the rest of an object whose fields were read in order from its start: the
  /// fields not asked for, and the closing brace; one level up.
  mutating func closeObject(first: Bool) throws {
    var first = first
    while true {
      skipWhitespace()
      if peek() == .closeBrace {
        position += 1
        depth -= 1
        return
      }
      if !first { try expect(.comma, "expected ',' or '}' in an object") }
      first = false
      try expect(.quote, "expected a field name in quotes")
      _ = try stringAfterQuote()
      try expect(.colon, "expected ':' after a field name")
      try skipValue()
    }
  }

  /// Whether the array being read has no element left.
  mutating func atArrayEnd() -> Bool {
    skipWhitespace()
    return peek() == .closeBracket
  }

  /// Consumes the comma before an element that is not the first one.
  mutating func elementSeparator(first: Bool) throws {
    if !first { try expect(.comma, "expected ',' or ']' in an array") }
  }

  /// Reads the rest of an array: the elements not asked for, and the closing bracket; one
  /// level up.
  mutating func closeArray(first: Bool) throws {
    var first = first
    while !atArrayEnd() {
      try elementSeparator(first: first)
      first = false
      try skipValue()
    }
    position += 1
    depth -= 1
  }

  /// Reads a string and returns what `parse` makes of its UTF-8 bytes (escapes decoded),
  /// read in place when it has no escapes; fails with `message` at the start of the string
  /// when `parse` returns `nil`.
  @inline(__always)
  mutating func string<Value>(
    parsedWith parse: (UnsafeBufferPointer<UInt8>) -> Value?,
    orFail message: @autoclosure () -> String
  ) throws -> Value {
    try expectValue(.quote, "expected a string")
    let start = position
    let parsed: Value?
    if scanPlainString().ends {
      parsed = bytes.withUnsafeBufferPointer { all in
        parse(UnsafeBufferPointer(rebasing: all[start..<position]))
      }
      position += 1
    } else {
      var buffer = try unescapedString(from: start)
      parsed = buffer.withUnsafeMutableBufferPointer { parse(UnsafeBufferPointer($0)) }
    }
    guard let parsed else { throw failure(at: start - 1, message(), value: true) }
    return parsed
  }

  /// Reads a number that may have a fraction or an exponent.
  mutating func double() throws -> Double {
    let text = try numberText()
    guard let value = Double(text) else { throw failure("number out of range", value: true) }
    return value
  }
}

// Reading an object exactly as the store writes it (see `RecordFields`).
extension JSONReader {
  /// Consumes the closing brace of an object read as written, one level up, when it is next;
  /// reads nothing otherwise.
  @inline(__always)
  mutating func closeObjectAsWritten() -> Bool {
    guard position < limit, bytes[position] == .closeBrace else { return false }
    position += 1
    depth -= 1
    return true
  }
}

// Reading a date of the layout a store writes its dates in (see `StoreDateFormat.Layout`).
extension JSONReader {
  /// A date string of the ``StoreDateFormat/Layout/iso8601Milliseconds`` layout at the
  /// position (after white space), consumed with its quotes; `nil`, having read nothing but
  /// white space, for any other text (escapes included), which the format's parser then reads.
  mutating func iso8601DateAsWritten() -> Date? {
    skipWhitespace()
    let start = position
    // The quotes and `2024-03-01T08:00:00Z`, or `2024-03-01T08:00:00.250Z`.
    guard limit - start >= 22 else { return nil }
    let parsed = bytes.withUnsafeBufferPointer { all -> (date: Date, count: Int)? in
      let quote = all.baseAddress! + start
      let text = quote + 1
      let count: Int
      if text[19] == UInt8(ascii: "Z") {
        count = 20
      } else if text[19] == .dot, limit - start >= 26, text[23] == UInt8(ascii: "Z") {
        count = 24
      } else {
        return nil
      }
      guard quote[0] == .quote, text[count] == .quote else { return nil }
      // `2024-03-` and `01T08:00` as words, the first byte the lowest, then `:00` and the byte
      // after it. Where a separator must be, a mask of its byte, and the byte.
      let ones: UInt64 = 0x0101_0101_0101_0101
      let raw = UnsafeRawPointer(text)
      let dateWord = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
      let timeWord = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      let secondsWord = UInt64(
        UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self)))
      let dateSeparators: UInt64 = 0xFF00_00FF_0000_0000
      let timeSeparators: UInt64 = 0x0000_FF00_00FF_0000
      // The `:` before the seconds, and the `Z` or `.` after them (checked above).
      let secondsSeparators: UInt64 = 0xFF00_00FF
      guard dateWord & dateSeparators == 0x2D00_002D_0000_0000,
        timeWord & timeSeparators == 0x0000_3A00_0054_0000,
        secondsWord & 0xFF == UInt64(UInt8.colon)
      else { return nil }
      /// `word`'s digits as their values, the separators as zeros; `nil` unless every other
      /// byte is a digit.
      func digits(_ word: UInt64, separators: UInt64, bytes: Int) -> UInt64? {
        let zeros = ones &* 0x30
        let used: UInt64 = bytes == 8 ? ~0 : (1 << (8 * UInt64(bytes))) &- 1
        // Zeros in place of the separators and of the bytes not used.
        let digits = (((word & ~separators) | (zeros & separators)) & used) | (zeros & ~used)
        // The high bit of each byte that is not a digit is set (and maybe of some bytes
        // after it, which carries can reach, never before it): none is when all are digits.
        let notDigits = ((digits &+ (ones &* 0x46)) | (digits &- zeros)) & (ones &* 0x80)
        guard notDigits == 0 else { return nil }
        return digits &- zeros
      }
      guard let dateDigits = digits(dateWord, separators: dateSeparators, bytes: 8),
        let timeDigits = digits(timeWord, separators: timeSeparators, bytes: 8),
        let secondsDigits = digits(secondsWord, separators: secondsSeparators, bytes: 4)
      else { return nil }
      /// Each byte of `digits` made its digit times ten plus the digit after it: the value of
      /// the pair of digits that starts there (at most 99, so no byte carries into the next).
      func pairs(_ digits: UInt64) -> UInt64 { (digits &* 10) &+ (digits >> 8) }
      /// The byte at `index` of `word`.
      func byte(_ word: UInt64, _ index: UInt64) -> Int {
        Int(truncatingIfNeeded: (word >> (8 * index)) & 0xFF)
      }
      let datePairs = pairs(dateDigits)
      let timePairs = pairs(timeDigits)
      let year = byte(datePairs, 0) &* 100 &+ byte(datePairs, 2)
      let month = byte(datePairs, 5)
      let day = byte(timePairs, 0)
      let hour = byte(timePairs, 3)
      let minute = byte(timePairs, 6)
      let second = byte(pairs(secondsDigits), 1)
      var milliseconds = 0
      if count == 24 {
        /// The value of the digit at `index`; 10 or more when it is not a digit.
        func digit(_ index: Int) -> Int { Int(text[index] &- .zero) }
        let (f0, f1, f2) = (digit(20), digit(21), digit(22))
        guard f0 < 10, f1 < 10, f2 < 10 else { return nil }
        milliseconds = f0 &* 100 &+ f1 &* 10 &+ f2
      }
      guard month >= 1, month <= 12, day >= 1, day <= CivilCalendar.days(inMonth: month, of: year),
        hour < 24, minute < 60, second < 61
      else { return nil }
      let days = CivilCalendar.daysSince1970(year: year, month: month, day: day)
      let seconds = days &* 86_400 &+ hour &* 3600 &+ minute &* 60 &+ second
      // As `Timestamp` computes it, so that both give the same `Date` for the same text.
      let date = Date(timeIntervalSince1970: Double(seconds &* 1000 &+ milliseconds) / 1000)
      return (date, count)
    }
    guard let parsed else { return nil }
    position = start + parsed.count + 2
    return parsed.date
  }
}

/// Days of the proleptic Gregorian calendar, for dates read in place.
private enum CivilCalendar {
  static func days(inMonth month: Int, of year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// The days from 1970-01-01 to a date of a year from 0 to 9999 (its month from 1 to 12, its
  /// day from 1 to 31): small numbers, which nothing here overflows.
  @inline(__always)
  static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    // Years that start in March, so that a leap day ends its year; counted in eras of 400
    // years from year 0 (the year before is in the era before it).
    let shiftedYear = month <= 2 ? year &- 1 : year
    let era = shiftedYear >= 0 ? shiftedYear / 400 : -1
    let yearOfEra = shiftedYear &- era &* 400
    let shiftedMonth = month <= 2 ? month &+ 9 : month &- 3
    let dayOfYear = (153 &* shiftedMonth &+ 2) / 5 &+ day &- 1
    let dayOfEra = yearOfEra &* 365 &+ yearOfEra / 4 &- yearOfEra / 100 &+ dayOfYear
    return era &* 146_097 &+ dayOfEra &- 719_468
  }
}
