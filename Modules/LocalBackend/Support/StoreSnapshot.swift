import Models
import Services

/// The contents of a store at one generation, as the app shows them.
public struct StoreSnapshot: Sendable, Hashable {
  /// The store file's write counter: each saved change adds one.
  public var generation: Int
  /// Whether someone is signed in, and as whom.
  public var accountStatus: AccountStatus
  /// The records of each collection, in the order of `StoreFile.collections`.
  var lists: [any AnyRecordList]

  /// Creates a snapshot of the account's status; each collection starts empty.
  public init(generation: Int, accountStatus: AccountStatus) {
    self.generation = generation
    self.accountStatus = accountStatus
    lists = StoreFile.collections.map { $0.emptyList() }
  }

  /// The contents of `file` at `generation`.
  init(_ file: StoreFile, generation: Int) {
    self.generation = generation
    accountStatus = file.accountStatus
    lists = file.lists
  }

  /// The records of type `Record`, in their collection's order.
  public func records<Record: StoredRecord>(_ type: Record.Type = Record.self) -> [Record]
  where Record.ID == Int {
    (lists[StoreFile.collectionIndex(of: type)] as! RecordList<Record>).records
  }

  public static func == (a: StoreSnapshot, b: StoreSnapshot) -> Bool {
    a.generation == b.generation && a.accountStatus == b.accountStatus
      && a.lists.count == b.lists.count
      && zip(a.lists, b.lists).allSatisfy { $0.isEqual(to: $1) }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(generation)
    hasher.combine(accountStatus)
    for list in lists { hasher.combine(list.count) }
  }
}

/// What changed in a store between two snapshots.
public struct StoreChanges: Sendable, Hashable {
  /// The contents after the change.
  public var snapshot: StoreSnapshot
  /// Whether the account status changed (someone signed in or out).
  public var accountChanged: Bool
  /// How each collection changed, in the order of `StoreFile.collections`.
  var lists: [ChangeSet]

  /// Creates a change report of the account; no collection changed.
  public init(snapshot: StoreSnapshot, accountChanged: Bool) {
    self.snapshot = snapshot
    self.accountChanged = accountChanged
    lists = Array(repeating: .empty, count: StoreFile.collections.count)
  }

  /// How the records of type `Record` changed, in the order of
  /// ``StoreSnapshot/records(_:)``.
  public func changes<Record: StoredRecord>(of type: Record.Type) -> ChangeSet
  where Record.ID == Int {
    lists[StoreFile.collectionIndex(of: type)]
  }

  /// The changes that turn `old` into `new`. A collection's changes are found from the
  /// identifiers of the records changed between the two, when `new` continues `old` (both
  /// come from one open store); otherwise by comparing the records.
  public static func between(_ old: StoreSnapshot, _ new: StoreSnapshot) -> StoreChanges {
    var changes = StoreChanges(
      snapshot: new, accountChanged: old.accountStatus != new.accountStatus)
    changes.lists = zip(old.lists, new.lists).map { old, new in new.changes(since: old) }
    return changes
  }
}
