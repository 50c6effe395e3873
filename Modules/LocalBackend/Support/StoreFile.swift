import Cryptography
import Foundation
import Models

/// The data the store keeps: the state of ``StoreFileSchema``, whose documentation describes
/// its JSON text. The account is the app's; each feature's records are a collection of
/// ``collections``.
struct StoreFile: Equatable, Sendable {
  var account: Account
  var passwordHash: PasswordHash
  var loggedIn: Bool
  /// The records of each of ``collections``, in its order.
  var lists: [any AnyRecordList]
  /// The fields of the file this app does not know, as they are written, in the order they
  /// were read: the collections of a feature this app does not have, kept for the app that
  /// has it (another app on the same directory, or a later version of this one) and written
  /// back unchanged.
  var otherFields: [OtherField] = []

  /// A field of the file this app does not know: its name and its value's JSON text.
  struct OtherField: Equatable, Sendable {
    var name: String
    var value: [UInt8]
  }

  /// A file of the account and empty collections.
  init(account: Account, passwordHash: PasswordHash, loggedIn: Bool) {
    self.account = account
    self.passwordHash = passwordHash
    self.loggedIn = loggedIn
    lists = Self.collections.map { $0.emptyList() }
  }

  /// Whether someone is signed in, and as whom.
  var accountStatus: AccountStatus {
    loggedIn ? .authorized(account) : .unavailable
  }

  /// The contents as the app shows them, at `generation`.
  func snapshot(generation: Int) -> StoreSnapshot {
    StoreSnapshot(self, generation: generation)
  }

  /// The first reason the contents cannot be trusted, or `nil`.
  func inconsistency() -> String? {
    lists.lazy.compactMap { $0.inconsistency() }.first
  }

  static func == (a: StoreFile, b: StoreFile) -> Bool {
    a.account == b.account && a.passwordHash == b.passwordHash && a.loggedIn == b.loggedIn
      && a.lists.count == b.lists.count
      && zip(a.lists, b.lists).allSatisfy { $0.isEqual(to: $1) } && a.otherFields == b.otherFields
  }

  /// Where the collection of `Record`s is in ``collections``.
  static func collectionIndex<Record: StoredRecord>(of type: Record.Type) -> Int {
    let wanted = ObjectIdentifier(type)
    guard let index = collections.firstIndex(where: { $0.recordType == wanted }) else {
      preconditionFailure(
        "\(type) is not a collection of the store: register it in StoreFile.collections")
    }
    return index
  }

  /// The collection of `Record`s.
  static func collection<Record: StoredRecord>(of type: Record.Type) -> RecordCollection<Record>
  where Record.ID == Int {
    collections[collectionIndex(of: type)] as! RecordCollection<Record>
  }

  /// The list of `Record`s.
  func list<Record: StoredRecord>(_ type: Record.Type) -> RecordList<Record>
  where Record.ID == Int {
    lists[Self.collectionIndex(of: type)] as! RecordList<Record>
  }
}

extension StoreFile {
  /// The data a new store starts with: the seed.
  init(seed: StoreSeed) {
    self.init(account: seed.account, passwordHash: seed.passwordHash, loggedIn: seed.loggedIn)
    lists = Self.collections.map { $0.seededList(seed) }
  }
}

extension Array {
  /// Whether no element is ordered before the one preceding it.
  func isSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> Bool {
    zip(self, dropFirst()).allSatisfy { !areInIncreasingOrder($1, $0) }
  }
}
