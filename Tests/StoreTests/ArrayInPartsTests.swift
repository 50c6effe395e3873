import Foundation
import ReactiveTesting
import Synchronization
import Testing

@testable import Store

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `array(oneElementALine:)` reads a long array on two threads and gives what reading it in
/// order gives: the same elements in the same order, the same errors.
@Suite struct ArrayInPartsTests {
  /// One record of the test documents.
  struct Item: Sendable, Equatable {
    var id: Int
    var name: String
  }

  /// A failure naming the element's position, as a schema's decoder says it.
  struct BadItem: Error, Equatable {
    var index: Int
  }

  /// The threads elements were read on.
  final class Threads: Sendable {
    let seen = Mutex<Set<UInt>>([])
    func record() {
      #if canImport(Darwin)
        let id = UInt(pthread_mach_thread_np(pthread_self()))
      #else
        let id = UInt(pthread_self())
      #endif
      seen.withLock { _ = $0.insert(id) }
    }
    var count: Int { seen.withLock { $0.count } }
  }

  /// `{"before": 1, "items": [ …count items, one a line… ], "after": true}`.
  private func document(count: Int, spread: Bool = false) -> [UInt8] {
    var text = "{\"before\": 1, \"items\": ["
    for index in 0..<count {
      text += index == 0 ? "\n  " : ",\n  "
      text +=
        spread
        ? "{\"id\": \(index),\n   \"name\": \"item \(index)\"}"
        : "{\"id\": \(index), \"name\": \"item \(index) \(String(repeating: "x", count: 40))\"}"
    }
    text += "\n], \"after\": true}"
    return Array(text.utf8)
  }

  private static func readItem(_ reader: inout JSONReader) throws -> Item {
    var id: Int?
    var name: String?
    try reader.object { reader, key in
      switch key {
      case "id": id = try reader.int()
      case "name": name = try reader.string()
      default: try reader.skipValue()
      }
    }
    guard let id, let name else { throw JSONReader(Array("".utf8)).failure("missing field") }
    return Item(id: id, name: name)
  }

  /// The items and the `after` field of `bytes`, read with `array(oneElementALine:)` when
  /// `inParts`, else with `array(_:)`.
  private func read(
    _ bytes: [UInt8], inParts: Bool, threads: Threads = Threads(),
    failAt bad: Int? = nil
  ) throws -> (items: [Item], after: Bool?) {
    var reader = JSONReader(bytes)
    var items: [Item] = []
    var after: Bool?
    try reader.object { reader, key in
      switch key {
      case "items":
        if inParts {
          items = try reader.array(oneElementALine: { index, reader in
            threads.record()
            let item = try Self.readItem(&reader)
            if item.id == bad { throw BadItem(index: index) }
            return item
          })
        } else {
          try reader.array { reader in
            let item = try Self.readItem(&reader)
            if item.id == bad { throw BadItem(index: items.count) }
            items.append(item)
          }
        }
      case "after": after = try reader.bool()
      default: try reader.skipValue()
      }
    }
    try reader.end()
    return (items, after)
  }

  @Test func aLongArrayIsReadInPartsInOrder() throws {
    let bytes = document(count: 10_000)
    #expect(bytes.count > 2 * JSONReader.concurrentArrayBytes)
    let inParts = try read(bytes, inParts: true)
    let inOrder = try read(bytes, inParts: false)
    expectEqual(inParts.items.count, 10_000)
    expectEqual(inParts.items, inOrder.items)
    expectEqual(inParts.items.map(\.id), Array(0..<10_000))
    expectEqual(inParts.after, true)
  }

  /// The parts of an array in the order the threads may finish them: whatever the order,
  /// the elements come back in the array's order, and parts cut in text after the array are
  /// dropped. (Run on this thread alone, so that every order is tried, not only the ones the
  /// threads happen to take.)
  @Test(arguments: [false, true])
  func partsFinishedInAnyOrderGiveTheArrayInOrder(followedByAnother: Bool) throws {
    func items(_ range: Range<Int>) -> String {
      range.map { "{\"id\": \($0), \"name\": \"item \($0) \(String(repeating: "z", count: 40))\"}" }
        .joined(separator: ",\n  ")
    }
    let after = followedByAnother ? ", \"next\": [\n  \(items(90_000..<110_000))\n]" : ""
    let bytes = Array("{\"items\": [\n  \(items(0..<20_000))\n]\(after)}".utf8)
    var reader = JSONReader(bytes)
    try reader.object { reader, key in
      guard key == "items" else { return try reader.skipValue() }
      let found = reader.chunksOfArray()
      let starts = try #require(found)
      #expect(starts.count > 2)
      for order in [Array(starts.indices), starts.indices.reversed(), starts.indices.shuffled()] {
        let chunks = JSONReader.ArrayChunks<Item, [Int]>(starts: starts)
        for index in order where !chunks.isUseless(index) {
          chunks.read(
            index, of: reader,
            { ids, _, reader in
              let item = try Self.readItem(&reader)
              ids.append(item.id)
              return item
            }, { [] })
        }
        let taken = chunks.take()
        let (elements, parts, end) = try #require(taken)
        // Compared to a Bool first: a failure would print every identifier otherwise.
        let elementsInOrder = elements.map(\.id) == Array(0..<20_000)
        let partsInOrder = parts.flatMap { $0 } == Array(0..<20_000)
        #expect(elementsInOrder, "\(order)")
        #expect(partsInOrder, "\(order)")
        expectEqual(bytes[end - 1], UInt8(ascii: "]"))
        #expect(
          followedByAnother ? bytes[end] == UInt8(ascii: ",") : bytes[end] == UInt8(ascii: "}"))
      }
      try reader.skipValue()
    }
  }

  /// A long array followed by another: the parts cut in the second one are dropped, and
  /// each array is read whole, in order, once.
  @Test func aLongArrayFollowedByAnotherIsReadWhole() throws {
    func items(_ range: Range<Int>) -> String {
      range.map { "{\"id\": \($0), \"name\": \"item \($0) \(String(repeating: "y", count: 40))\"}" }
        .joined(separator: ",\n  ")
    }
    let text =
      "{\"first\": [\n  \(items(0..<12_000))\n], \"second\": [\n  \(items(50_000..<80_000))\n]}"
    let bytes = Array(text.utf8)
    var reader = JSONReader(bytes)
    var first: [Item] = []
    var second: [Item] = []
    try reader.object { reader, key in
      let read = try reader.array(oneElementALine: { _, reader in try Self.readItem(&reader) })
      if key == "first" { first = read } else { second = read }
    }
    try reader.end()
    let (firstWhole, secondWhole) =
      (first.map(\.id) == Array(0..<12_000), second.map(\.id) == Array(50_000..<80_000))
    #expect(firstWhole)
    #expect(secondWhole)
  }

  /// A long text is cut into many parts, which come back in order with their elements.
  @Test func aLongTextIsReadInManyParts() throws {
    let bytes = document(count: 40_000)
    #expect(bytes.count > 4 * 512 * 1024)
    var reader = JSONReader(bytes)
    var parts: [[Int]] = []
    var items: [Item] = []
    try reader.object { reader, key in
      guard key == "items" else { return try reader.skipValue() }
      (items, parts) = try reader.array(
        oneElementALine: { (ids: inout [Int], _, reader) in
          let item = try Self.readItem(&reader)
          ids.append(item.id)
          return item
        }, part: { [Int]() })
    }
    #expect(parts.count > 2)
    let (partsInOrder, itemsInOrder) =
      (parts.flatMap { $0 } == Array(0..<40_000), items.map(\.id) == Array(0..<40_000))
    #expect(partsInOrder)
    #expect(itemsInOrder)
  }

  @Test func aShortArrayIsReadOnOneThread() throws {
    let threads = Threads()
    let items = try read(document(count: 100), inParts: true, threads: threads).items
    expectEqual(items.map(\.id), Array(0..<100))
    expectEqual(threads.count, 1)
  }

  @Test func elementsOverSeveralLinesAreReadInOrder() throws {
    let bytes = document(count: 20_000, spread: true)
    #expect(bytes.count > JSONReader.concurrentArrayBytes)
    let items = try read(bytes, inParts: true).items
    #expect(items == (try read(bytes, inParts: false).items))
    expectEqual(items.count, 20_000)
  }

  @Test(arguments: [3, 5_000, 9_998])
  func anErrorIsTheOneReadingInOrderMeets(at bad: Int) throws {
    let bytes = document(count: 10_000)
    #expect(throws: BadItem(index: bad)) { try read(bytes, inParts: true, failAt: bad) }
    #expect(throws: BadItem(index: bad)) { try read(bytes, inParts: false, failAt: bad) }
  }

  @Test func brokenTextFailsAsInOrder() throws {
    var bytes = document(count: 10_000)
    // Break the 7,000th element: its closing brace becomes a letter.
    let text = String(decoding: bytes, as: UTF8.self)
    let range = try #require(text.range(of: "\"item 7000 "))
    var index = text.utf8.distance(from: text.startIndex, to: range.upperBound)
    while bytes[index] != UInt8(ascii: "}") { index += 1 }
    bytes[index] = UInt8(ascii: "q")
    var inParts: JSONReader.Failure?
    var inOrder: JSONReader.Failure?
    do { _ = try read(bytes, inParts: true) } catch let failure as JSONReader.Failure {
      inParts = failure
    }
    do { _ = try read(bytes, inParts: false) } catch let failure as JSONReader.Failure {
      inOrder = failure
    }
    #expect(inParts != nil)
    expectEqual(inParts?.description, inOrder?.description)
  }

  /// A short array followed by a long one is cut in the long one: other threads read the
  /// long one's elements as the short one's until the short one is found to end, and then
  /// stop. (They used to read the rest of the long one, for nothing.)
  @Test func otherThreadsStopWhenTheArrayEndsBeforeTheirParts() throws {
    var text = "{\"short\": [1, 2, 3], \"long\": ["
    for value in 1_000..<21_000 { text += "\n\(value),\(String(repeating: " ", count: 20))" }
    text += "\n0]}"
    let bytes = Array(text.utf8)
    #expect(bytes.count > 2 * JSONReader.concurrentArrayBytes)
    let lastOfShortRead = DispatchSemaphore(value: 0)
    let readFromLong = Atomic<Int>(0)
    var reader = JSONReader(bytes)
    var short: [Int] = []
    try reader.object { reader, key in
      guard key == "short" else { return try reader.skipValue() }
      short = try reader.array(oneElementALine: { index, reader in
        let value = try reader.int()
        // Enough for every thread that waits below.
        if value == 3 { for _ in 0..<64 { lastOfShortRead.signal() } }
        if value >= 1_000 {
          // Other threads start on the long array once all of the short one is read.
          if index == 0 { lastOfShortRead.wait() }
          readFromLong.add(1, ordering: .relaxed)
        }
        return value
      })
    }
    expectEqual(short, [1, 2, 3])
    // Of the 20,000 elements after it, the other threads read a few at most.
    #expect(readFromLong.load(ordering: .relaxed) < 100)
  }

  /// A class whose instances count themselves, to see that elements read on two threads are
  /// each kept once: moved into the array, never copied and destroyed.
  final class Counted: Sendable {
    let id: Int
    let live: Live
    init(id: Int, live: Live) {
      self.id = id
      self.live = live
      live.count.add(1, ordering: .relaxed)
    }
    deinit { live.count.subtract(1, ordering: .relaxed) }
  }

  final class Live: Sendable {
    let count = Atomic<Int>(0)
  }

  @Test func eachPartIsReturnedWithTheElementsItRead() throws {
    let bytes = document(count: 10_000)
    let live = Live()
    var reader = JSONReader(bytes)
    var elements: [Counted] = []
    var parts: [[Int]] = []
    try reader.object { reader, key in
      guard key == "items" else { return try reader.skipValue() }
      (elements, parts) = try reader.array(
        oneElementALine: { (ids: inout [Int], _, reader) in
          let element = Counted(id: try Self.readItem(&reader).id, live: live)
          ids.append(element.id)
          return element
        }, part: { [Int]() })
    }
    #expect(parts.count >= 2)
    #expect(parts.allSatisfy { !$0.isEmpty })
    expectEqual(parts.flatMap { $0 }, Array(0..<10_000))
    expectEqual(elements.map(\.id), Array(0..<10_000))
    // Every element made is in the array, and nothing else is alive.
    expectEqual(live.count.load(ordering: .relaxed), 10_000)
    elements = []
    expectEqual(live.count.load(ordering: .relaxed), 0)
  }

  @Test func theElementsOfAFailedReadingAreFreed() throws {
    var bytes = document(count: 10_000)
    // The last element is broken, so the second part fails and the whole array is read again
    // in order, failing at the same place.
    let last = try #require(bytes.lastIndex(of: UInt8(ascii: "}")))
    let brace = try #require(bytes[..<last].lastIndex(of: UInt8(ascii: "}")))
    bytes[brace] = UInt8(ascii: "q")
    let live = Live()
    var reader = JSONReader(bytes)
    #expect(throws: JSONReader.Failure.self) {
      try reader.object { reader, key in
        guard key == "items" else { return try reader.skipValue() }
        _ = try reader.array(
          oneElementALine: { (_: inout Void, _, reader) in
            Counted(id: try Self.readItem(&reader).id, live: live)
          }, part: {})
      }
    }
    expectEqual(live.count.load(ordering: .relaxed), 0)
  }
}
