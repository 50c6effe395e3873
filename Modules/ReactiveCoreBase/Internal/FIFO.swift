/// A first-in, first-out queue with amortised O(1) `append`, `popFirst` and `removeFirst`: the
/// one queue of the core's operators and schedulers (`observe(on:)`, `delay`, `zip`,
/// `takeLast`, `ReplaySubject`'s pending events, `VirtualTimeQueue`'s in-order run).
///
/// The elements live in one array from `head` on; the slots before `head` are already taken
/// out (and cleared, so they keep nothing alive). When the queue empties, the array is reset
/// and keeps its capacity; when more than half of it (and over 32 slots) is taken out, the
/// taken slots are dropped, so a queue that never empties stays within twice its length.
@usableFromInline
struct FIFO<Element> {
  @usableFromInline var storage: ContiguousArray<Element?> = []
  @usableFromInline var head = 0

  @inlinable init() {}

  /// Whether the queue holds no element.
  @inlinable var isEmpty: Bool { head == storage.count }

  /// The number of elements in the queue.
  @inlinable var count: Int { storage.count - head }

  /// The oldest element, or `nil` if the queue is empty.
  @inlinable var first: Element? { isEmpty ? nil : storage[head] }

  /// The elements, oldest first.
  @inlinable var elements: [Element] { storage[head...].map { $0.unsafelyUnwrapped } }

  /// Adds `element` behind the others.
  @inlinable mutating func append(_ element: Element) { storage.append(element) }

  // `popFirst` and `removeFirst` are written out in full: `VirtualTimeQueue` pops on every
  // virtual event, and sharing their body through a helper costs a few instructions there.

  /// Removes and returns the oldest element, or returns `nil` if the queue is empty.
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

  /// Removes and returns the oldest element; the queue must not be empty.
  @inlinable mutating func removeFirst() -> Element {
    let element = storage[head].unsafelyUnwrapped
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

  /// Removes every element and releases the storage.
  @inlinable mutating func removeAll() {
    storage.removeAll()
    head = 0
  }
}
