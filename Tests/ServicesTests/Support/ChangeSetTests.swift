import ReactiveTesting
import Services
import Testing

private struct Row: Equatable, Identifiable {
  var id: Int
  var value: String
}

/// Applies a change set the way a list view does: deletions (old positions) from the end,
/// then insertions (new positions) from the start, then modifications (new positions).
private func apply(_ changes: ChangeSet, to old: [Row], reaching new: [Row]) -> [Row] {
  var rows = old
  for index in changes.deletions.reversed() { rows.remove(at: index) }
  for index in changes.insertions { rows.insert(new[index], at: index) }
  for index in changes.modifications { rows[index] = new[index] }
  return rows
}

private func rows(_ ids: [Int], _ value: String = "v") -> [Row] {
  ids.map { Row(id: $0, value: value) }
}

@Suite struct ChangeSetTests {
  @Test func identicalListsHaveNoChanges() {
    let list = rows([1, 2, 3])
    let changes = ChangeSet.compute(old: list, new: list)
    expectEqual(changes, .empty)
    #expect(changes.isEmpty)
  }

  @Test func insertionsAreNewPositions() {
    let changes = ChangeSet.compute(old: rows([1, 3]), new: rows([0, 1, 2, 3, 4]))
    expectEqual(changes, ChangeSet(insertions: [0, 2, 4]))
  }

  @Test func deletionsAreOldPositions() {
    let changes = ChangeSet.compute(old: rows([1, 2, 3, 4]), new: rows([2, 4]))
    expectEqual(changes, ChangeSet(deletions: [0, 2]))
  }

  @Test func modificationsAreNewPositions() {
    var new = rows([0, 1, 2])
    new[2].value = "changed"
    let changes = ChangeSet.compute(old: rows([1, 2]), new: new)
    expectEqual(changes, ChangeSet(insertions: [0], modifications: [2]))
  }

  @Test func mixedChanges() {
    var new = rows([2, 3, 5])
    new[1].value = "changed"
    let changes = ChangeSet.compute(old: rows([1, 2, 3, 4]), new: new)
    expectEqual(changes, ChangeSet(deletions: [0, 3], insertions: [2], modifications: [1]))
  }

  @Test func aMovedElementIsDeletedAndInserted() {
    let changes = ChangeSet.compute(old: rows([1, 2, 3, 4]), new: rows([2, 3, 4, 1]))
    expectEqual(changes, ChangeSet(deletions: [0], insertions: [3]))
  }

  @Test func swapMovesOneElementAndKeepsTheOtherInPlace() {
    var new = rows([2, 1, 3])
    new[1].value = "changed"
    let changes = ChangeSet.compute(old: rows([1, 2, 3]), new: new)
    expectEqual(apply(changes, to: rows([1, 2, 3]), reaching: new), new)
    expectEqual(changes.deletions.count, 1)
    expectEqual(changes.insertions.count, 1)
  }

  @Test func emptyLists() {
    expectEqual(ChangeSet.compute(old: [Row](), new: rows([1, 2])), ChangeSet(insertions: [0, 1]))
    expectEqual(ChangeSet.compute(old: rows([1, 2]), new: []), ChangeSet(deletions: [0, 1]))
  }

  @Test func customIdentity() {
    let changes = ChangeSet.compute(old: ["a", "b"], new: ["b", "c"], id: { $0 })
    expectEqual(changes, ChangeSet(deletions: [0], insertions: [1]))
  }

  @Test func repeatedIdentifiersStillApplyCorrectly() {
    let old = [Row(id: 1, value: "a"), Row(id: 1, value: "b"), Row(id: 2, value: "c")]
    let new = [Row(id: 2, value: "c"), Row(id: 1, value: "a"), Row(id: 1, value: "z")]
    expectEqual(apply(ChangeSet.compute(old: old, new: new), to: old, reaching: new), new)
  }

  /// Many generated edits (deterministic pseudo-random): applying the change set to the old
  /// list always gives the new one, and unmoved, unchanged rows are never reported.
  @Test func applyingTheChangeSetReachesTheNewList() {
    var generator = SplitMix(seed: 42)
    for _ in 0..<300 {
      let old = (0..<Int(generator.next() % 12)).map { Row(id: $0, value: "v") }
      var new = old.filter { _ in generator.next() % 4 != 0 }
      for index in new.indices where generator.next() % 5 == 0 {
        new[index].value = "changed"
      }
      if new.count > 1, generator.next() % 3 == 0 {
        new.swapAt(0, Int(generator.next() % UInt64(new.count)))
      }
      for extra in 0..<Int(generator.next() % 3) {
        let position = Int(generator.next() % UInt64(new.count + 1))
        new.insert(Row(id: 100 + extra, value: "new"), at: position)
      }
      let changes = ChangeSet.compute(old: old, new: new)
      expectEqual(apply(changes, to: old, reaching: new), new, "\(old) -> \(new): \(changes)")
      if old == new { #expect(changes.isEmpty) }
    }
  }

  @Test func largeAppendIsInsertionsOnly() {
    let old = rows(Array((0..<50_000).reversed()))
    let new = rows(Array((0..<50_010).reversed()))
    expectEqual(ChangeSet.compute(old: old, new: new), ChangeSet(insertions: Array(0..<10)))
  }
}

/// A small deterministic pseudo-random generator, so failures reproduce.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
