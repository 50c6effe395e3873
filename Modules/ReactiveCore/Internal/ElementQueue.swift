/// A first-in, first-out queue with amortised O(1) operations, for operators that buffer
/// elements (`zip`, `takeLast`).
@usableFromInline
struct ElementQueue<Element> {
  @usableFromInline var storage: ContiguousArray<Element?> = []
  @usableFromInline var head = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { head == storage.count }

  @inlinable var count: Int { storage.count - head }

  @inlinable mutating func enqueue(_ element: Element) {
    storage.append(element)
  }

  /// Removes and returns the oldest element; the queue must not be empty.
  @inlinable mutating func dequeue() -> Element {
    let element = storage[head].unsafelyUnwrapped
    storage[head] = nil
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 32 && head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }

  /// The remaining elements, oldest first.
  @inlinable var elements: [Element] {
    storage[head...].map { $0.unsafelyUnwrapped }
  }
}
