/// A first-in first-out queue with O(1) amortised `append` and `popFirst`.
@usableFromInline
struct Queue<Element> {
  @usableFromInline var storage: ContiguousArray<Element?> = []
  @usableFromInline var head = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { head == storage.count }

  @inlinable var count: Int { storage.count - head }

  @inlinable var first: Element? { isEmpty ? nil : storage[head] }

  @inlinable mutating func append(_ element: Element) { storage.append(element) }

  @inlinable mutating func popFirst() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head]
    storage[head] = nil
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head > 32 && head * 2 > storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }

  @inlinable mutating func removeAll() {
    storage.removeAll()
    head = 0
  }
}
