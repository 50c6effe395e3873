/// How a list changed between two versions, as positions: what a list view needs to
/// animate the change instead of reloading everything.
///
/// `deletions` are positions in the old list, `insertions` and `modifications` positions in
/// the new list, each in increasing order. Applying them in that order (remove the deleted
/// rows from the old list, insert the new rows, then refresh the modified ones) turns the
/// old list into the new one. An element that moved is reported as a deletion plus an
/// insertion.
public struct ChangeSet: Sendable, Hashable {
  /// Positions in the old list of the elements that are gone.
  public var deletions: [Int]
  /// Positions in the new list of the elements that are new.
  public var insertions: [Int]
  /// Positions in the new list of the elements that stayed in place but changed.
  public var modifications: [Int]

  /// Creates a change set from its three lists of positions.
  public init(deletions: [Int] = [], insertions: [Int] = [], modifications: [Int] = []) {
    self.deletions = deletions
    self.insertions = insertions
    self.modifications = modifications
  }

  /// No change.
  public static let empty = ChangeSet()

  /// Whether nothing changed.
  public var isEmpty: Bool {
    deletions.isEmpty && insertions.isEmpty && modifications.isEmpty
  }

  /// The change set that turns `old` into `new`, matching elements by identity.
  ///
  /// An element of `old` whose identifier is not in `new` is a deletion; one of `new` whose
  /// identifier is not in `old`, an insertion; one present in both but unequal, a
  /// modification. Elements present in both whose order changed are reported as moved
  /// (deleted and inserted), keeping as many in place as possible.
  ///
  /// Runs in O(n) when the shared elements kept their order, which is the case for
  /// insertions, deletions and edits that do not reorder; otherwise in O(n log n).
  /// Identifiers should be unique in each list; a repeated identifier is treated as a
  /// different element from its first occurrence.
  @inlinable
  public static func compute<Element: Equatable, ID: Hashable>(
    old: [Element], new: [Element], id: (Element) -> ID
  ) -> ChangeSet {
    var oldPositions = [ID: Int](minimumCapacity: old.count)
    for (index, element) in old.enumerated() where oldPositions[id(element)] == nil {
      oldPositions[id(element)] = index
    }
    // For each element of `new`, its position in `old`, or nil when it is new.
    var matches = [Int?](repeating: nil, count: new.count)
    var matchedOld = [Bool](repeating: false, count: old.count)
    for (index, element) in new.enumerated() {
      if let oldIndex = oldPositions[id(element)], !matchedOld[oldIndex] {
        matches[index] = oldIndex
        matchedOld[oldIndex] = true
      }
    }
    let kept = keptInPlace(matches)
    var result = ChangeSet()
    for (index, isKept) in matchedOld.enumerated() where !isKept {
      result.deletions.append(index)
    }
    var movedOld: [Int] = []
    for (index, match) in matches.enumerated() {
      guard let oldIndex = match else {
        result.insertions.append(index)
        continue
      }
      if kept[index] {
        if old[oldIndex] != new[index] { result.modifications.append(index) }
      } else {
        movedOld.append(oldIndex)
        result.insertions.append(index)
      }
    }
    if !movedOld.isEmpty {
      result.deletions = (result.deletions + movedOld).sorted()
    }
    return result
  }

  /// The change set that turns `old` into `new`, matching elements by their `id`.
  @inlinable
  public static func compute<Element: Identifiable & Equatable>(
    old: [Element], new: [Element]
  ) -> ChangeSet {
    compute(old: old, new: new, id: { $0.id })
  }

  /// The change set that turns `old` into `new` when both are sorted by strictly
  /// decreasing identifier (as a list shown newest first is): one merge pass, no hashing.
  /// Inlinable, so that it is compiled for the caller's element type instead of copying
  /// each element through generic code.
  @inlinable
  public static func computeForDescendingIds<Element: Identifiable & Equatable>(
    old: [Element], new: [Element]
  ) -> ChangeSet where Element.ID: Comparable {
    var result = ChangeSet()
    var oldIndex = 0
    var newIndex = 0
    while oldIndex < old.count, newIndex < new.count {
      let oldId = old[oldIndex].id
      let newId = new[newIndex].id
      if oldId == newId {
        if old[oldIndex] != new[newIndex] { result.modifications.append(newIndex) }
        oldIndex += 1
        newIndex += 1
      } else if oldId > newId {
        result.deletions.append(oldIndex)
        oldIndex += 1
      } else {
        result.insertions.append(newIndex)
        newIndex += 1
      }
    }
    result.deletions.append(contentsOf: oldIndex..<old.count)
    result.insertions.append(contentsOf: newIndex..<new.count)
    return result
  }

  /// For each element of the new list, whether it stays in place: the matched elements
  /// whose old positions form a longest increasing run. All of them when nothing moved.
  @usableFromInline
  static func keptInPlace(_ matches: [Int?]) -> [Bool] {
    var kept = matches.map { $0 != nil }
    var previous = -1
    var ordered = true
    for case let oldIndex? in matches {
      if oldIndex < previous {
        ordered = false
        break
      }
      previous = oldIndex
    }
    if ordered { return kept }

    // Longest increasing subsequence of the old positions (patience sorting).
    // `tails[k]` is the index in `matches` ending the best run of length k + 1.
    var tails: [Int] = []
    var predecessor = [Int](repeating: -1, count: matches.count)
    for (index, match) in matches.enumerated() {
      guard let value = match else { continue }
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if matches[tails[middle]]! < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { predecessor[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    kept = [Bool](repeating: false, count: matches.count)
    var cursor = tails.last ?? -1
    while cursor >= 0 {
      kept[cursor] = true
      cursor = predecessor[cursor]
    }
    return kept
  }
}
