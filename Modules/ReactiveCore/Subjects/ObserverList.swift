/// The observers of a subject, in subscription order, with O(log n) removal.
///
/// Keys grow with each insertion, so the array stays sorted by key and removal finds its entry
/// by binary search and leaves a hole; holes are compacted when they outnumber the live entries.
/// Delivery iterates over a copy of the array taken under the subject's lock, which costs a
/// reference count, not a copy, unless the list changes during delivery.
@usableFromInline
struct ObserverList<Element> {
  @usableFromInline struct Entry {
    @usableFromInline let key: UInt64
    @usableFromInline var sink: EventSink<Element>?
    @usableFromInline let counter: ResourceCounter?

    @inlinable init(key: UInt64, sink: EventSink<Element>?, counter: ResourceCounter?) {
      self.key = key
      self.sink = sink
      self.counter = counter
    }
  }

  @usableFromInline var entries: ContiguousArray<Entry> = []
  @usableFromInline var live = 0
  @usableFromInline var nextKey: UInt64 = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { live == 0 }

  @inlinable mutating func insert(_ sink: @escaping EventSink<Element>) -> UInt64 {
    let key = nextKey
    nextKey += 1
    entries.append(Entry(key: key, sink: sink, counter: Resources.acquire()))
    live += 1
    return key
  }

  @inlinable mutating func remove(_ key: UInt64) {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].key < key { low = middle + 1 } else { high = middle }
    }
    guard low < entries.count, entries[low].key == key, entries[low].sink != nil else { return }
    entries[low].sink = nil
    Resources.release(entries[low].counter)
    live -= 1
    if live == 0 {
      entries.removeAll(keepingCapacity: false)
    } else if entries.count > 16 && live * 2 < entries.count {
      entries.removeAll { $0.sink == nil }
    }
  }

  /// Removes every observer and returns them, for delivering a terminal event.
  @inlinable mutating func removeAll() -> ContiguousArray<Entry> {
    let removed = entries
    for entry in removed where entry.sink != nil { Resources.release(entry.counter) }
    entries = []
    live = 0
    return removed
  }
}

extension ObserverList {
  /// Delivers `event` to each live observer of a snapshot of `entries`.
  @inlinable static func deliver(_ event: Event<Element>, to snapshot: ContiguousArray<Entry>) {
    for entry in snapshot { entry.sink?(event) }
  }
}
