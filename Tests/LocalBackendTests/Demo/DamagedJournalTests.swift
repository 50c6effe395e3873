import Foundation
import LocalBackend
import Models
import ReactiveTesting
import TestSupport
import Testing

/// Every single damaged byte of `store.journal` either leaves every record readable or is
/// refused with the journal named and both files untouched: never fewer records in silence,
/// and never an identifier given out a second time.
@Suite struct DamagedJournalTests {
  /// The files of a store with 25 friends added to an empty seed, one journal record each;
  /// their last names are longer than the reader's 16-byte blocks.
  private struct Pristine {
    var snapshot: Data
    var journal: [UInt8]
    var ids: Set<Int>
    /// The offset of the journal's first zero byte, past its records.
    var recordsEnd: Int
  }

  private static let pristine: Result<Pristine, any Error> = Result {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory, seed: .empty)
      var ids: Set<Int> = []
      for number in 0..<25 {
        let friend = try store.add(
          FriendDraft(
            // A last name long enough for the reader's 16-byte blocks, with a letter that is
            // not ASCII in some of them.
            firstName: "F\(number)",
            lastName: number % 2 == 0 ? "Lindqvist-Abernathy" : "Åkesson-Pettersson",
            phoneNumber: "555010\(1000 + number)"))
        ids.insert(friend.id)
      }
      let journal = [UInt8](try store.journalURL.bytes())
      return Pristine(
        snapshot: try store.fileURL.bytes(), journal: journal, ids: ids,
        recordsEnd: try #require(journal.firstIndex(of: 0)))
    }
  }

  /// Each damaged byte: every position of the records and of the 64 bytes after them; of
  /// the zeros written in advance after those, which read alike but for where they are
  /// against the disk's 512-byte sectors, the first and last of each sector and one in 509.
  /// Split into parts that run in parallel.
  private static let parts = 4

  @Test(arguments: 0..<parts)
  func everyZeroedOrFlippedByteLeavesAllRecordsOrIsRefused(part: Int) throws {
    let pristine = try Self.pristine.get()
    expectEqual(pristine.ids.count, 25)
    let positions = pristine.journal.indices.filter { position in
      let dense = position < pristine.recordsEnd + 64
      let sparse = position % 512 == 0 || position % 512 == 511 || position % 509 == 0
      return (dense || sparse) && position % Self.parts == part
    }
    var refused = 0
    try withTemporaryDirectory { directory in
      let snapshotURL = directory.appendingPathComponent(LocalStore.fileName)
      let journalURL = directory.appendingPathComponent(LocalStore.journalFileName)
      for position in positions {
        for flip in [false, true] {
          let byte = flip ? pristine.journal[position] ^ 1 : 0
          if byte == pristine.journal[position] { continue }
          // Compared as `Data`, which compares its bytes at once.
          var damaged = Data(pristine.journal)
          damaged[position] = byte
          try pristine.snapshot.write(to: snapshotURL)
          try damaged.write(to: journalURL)
          let what = "byte \(position) \(flip ? "flipped" : "set to zero")"
          let store: LocalStore
          do {
            store = try LocalStore(directory: directory, seed: .empty)
          } catch {
            refused += 1
            #expect("\(error)".contains(LocalStore.journalFileName), "\(what): \(error)")
            #expect(try snapshotURL.bytes() == pristine.snapshot, "\(what)")
            #expect(try journalURL.bytes() == damaged, "\(what)")
            continue
          }
          let friends = try store.records(Friend.self)
          expectEqual(Set(friends.map(\.id)), pristine.ids, "\(what)")
          let added = try store.add(
            FriendDraft(firstName: "Next", lastName: "One", phoneNumber: "+1 555 010 2000"))
          #expect(!pristine.ids.contains(added.id), "\(what): id \(added.id) given out again")
          #expect(
            try LocalStore(directory: directory, seed: .empty).records(Friend.self).count == 26,
            "\(what)")
        }
      }
    }
    #expect(refused > 0)
  }
}
