import Authentication
import Cryptography
import Foundation
import Models
import Store
import Synchronization

/// The app's embedded backend: the account and each feature's data in a ``JournalStore``,
/// shared safely by every process that opens the same directory.
///
/// The directory holds `store.json` (the snapshot: all the data at one generation, see
/// ``StoreFileSchema`` for its text), `store.journal` (one line per change since the snapshot),
/// `store.lock` (taken by writers), `store.wait` (held by writers waiting for the lock, so
/// that writers take turns) and, only while the journal is being folded into a new
/// snapshot, files ending in `.tmp`. A `store.json` of version 1 (the single file of earlier
/// versions of the app) is migrated when it is opened, as is one of version 2 (which kept
/// the password in plain text); the old copies are deleted once migrated.
///
/// **Writes** (every method that changes data) take an exclusive `flock` on `store.lock`,
/// catch up with other processes' changes, append the change as one line of the journal,
/// flush the journal to the disk and release the lock. Two processes therefore never lose
/// each other's changes, and a write that returned is on the disk even if the process is
/// killed right after. A write costs the same whatever the store holds; once in a while one
/// also folds the journal into a new snapshot (see ``StoreOptions``).
///
/// **Reads** take no file lock. They notice other processes' writes with one `stat` of each
/// file and read only the journal's new lines.
///
/// **Read-only data** (a read-only mount, files of another user): the store opens, reads as
/// above, and every change throws ``StoreError/readOnly(path:reason:)``, saying that the data
/// is read-only; nothing is written to the directory meanwhile.
///
/// **Bad files are kept**: a file that is damaged, cannot be read, or has an unknown
/// `schemaVersion` makes every read and write throw a ``StoreError`` naming the file and
/// the problem; the store never writes over it. A `store.json` deleted once the store is
/// open makes them throw ``StoreError/deleted(path:)``: only opening the store again
/// creates a new one.
///
/// **Threads**: every method may be called from any thread. Calls on one instance run one
/// at a time; they block on disk I/O and on other processes' writes, so call them off the
/// main thread in an interactive app.
///
/// **Changes**: ``reloadIfChanged()`` reports what changed (each collection as a
/// ``ChangeSet``) since its previous call, whoever made the change; ``changes(since:)``
/// does the same against any earlier ``snapshot()``.
///
/// **Records**: each feature's records are a collection registered in
/// `StoreFile.collections` (see ``RecordCollection``), read and written with
/// ``records(_:)``, ``record(_:id:)``, ``add(_:)``, ``update(_:id:_:)``,
/// ``remove(_:id:)`` and ``save(_:)``.
public final class LocalStore: RecordStore {
  /// The name of the snapshot inside the directory.
  public static let fileName = "store.json"
  /// The name of the journal inside the directory.
  public static let journalFileName = "store.journal"
  /// The name of the lock file inside the directory.
  public static let lockFileName = "store.lock"
  /// The name of the file a new snapshot is prepared in before it replaces the old one.
  public static let temporaryFileName = "store.json.tmp"
  /// The version of the file format this code reads and writes.
  public static let schemaVersion = StoreFileSchema.version

  /// The directory holding the store's files.
  public let directory: URL
  /// The snapshot, `store.json` in ``directory``.
  public let fileURL: URL
  /// The journal, `store.journal` in ``directory``.
  public let journalURL: URL

  private let store: JournalStore<StoreFileSchema>
  /// Counts wrong passwords per email address (in this process).
  let throttle: LoginThrottle<String>
  /// What ``reloadIfChanged()`` reported last.
  private let reported = Mutex<StoreSnapshot?>(nil)

  /// Opens the store in `directory`, creating the directory and seeding the store with
  /// `seed` when `store.json` does not exist; `options` say when the journal is folded;
  /// `throttle` when wrong passwords make ``logIn(email:password:)`` wait (tests pass one
  /// on a clock they move by hand).
  ///
  /// The seed is made only when it is written: making the starting records costs a fifth of a
  /// command's start.
  ///
  /// A snapshot of a version that kept the password in plain text is migrated to a password
  /// hash, and the copies of older versions the migration keeps beside it are deleted, since
  /// they hold the password too.
  ///
  /// - Throws: ``StoreError`` when the directory cannot be created or the files cannot be
  ///   read as a store. A bad file is left as it is.
  public init(
    directory: URL, seed: @autoclosure @escaping @Sendable () -> StoreSeed = .demo,
    options: StoreOptions = StoreOptions(),
    throttle: LoginThrottle<String> = LoginThrottle()
  ) throws(StoreError) {
    self.throttle = throttle
    // A store.json deleted while the app runs stays deleted (every call says so) until it is
    // put back; only opening the store again seeds a new one.
    var options = options
    options.createsSnapshotAfterOpening = false
    do {
      store = try JournalStore(
        directory: directory, name: "store", options: options,
        initialState: { StoreFile(seed: seed()) })
    } catch {
      throw StoreError(storage: error)
    }
    self.directory = store.directory
    fileURL = URL(fileURLWithPath: store.snapshotPath, isDirectory: false)
    journalURL = URL(fileURLWithPath: store.journalPath, isDirectory: false)
    for version in 1..<StoreFileSchema.passwordHashVersion {
      try? FileManager.default.removeItem(atPath: store.snapshotPath + ".v\(version)")
    }
    let opened = try snapshot()
    reported.withLock { $0 = opened }
  }

  // MARK: - Changes

  /// The store's contents now.
  public func snapshot() throws(StoreError) -> StoreSnapshot {
    try checkNotDeleted()
    return try store.read { (file: StoreFile, generation: Int) throws(StoreError) in
      file.snapshot(generation: generation)
    }
  }

  /// What changed since `old` (a ``snapshot()`` or the ``StoreChanges/snapshot`` of an
  /// earlier report), or `nil` when the generation is the same.
  public func changes(since old: StoreSnapshot) throws(StoreError) -> StoreChanges? {
    let new = try snapshot()
    guard new.generation != old.generation else { return nil }
    return StoreChanges.between(old, new)
  }

  /// Loads the file when another process (or instance) replaced it, and reports what
  /// changed since the previous call (or since the store was opened), including changes
  /// made through this instance. Returns `nil` when nothing changed.
  ///
  /// The check costs one `stat` when nothing changed. A single observer (a screen's
  /// polling timer) should call it; several observers should each keep a snapshot and use
  /// ``changes(since:)``.
  public func reloadIfChanged() throws(StoreError) -> StoreChanges? {
    let new = try snapshot()
    let old = reported.withLock { reported in
      defer { reported = new }
      return reported
    }
    guard let old, old.generation != new.generation else { return nil }
    return StoreChanges.between(old, new)
  }

  /// Folds the journal into a new snapshot now, as writes do when it has grown past its
  /// bound.
  public func compact() throws(StoreError) {
    try checkNotDeleted()
    do {
      try store.compact()
    } catch {
      throw StoreError(storage: error)
    }
  }

  /// How many times this instance has written changes to the journal and flushed them:
  /// fewer than its writes when concurrent writes shared flushes.
  public var journalFlushes: Int { store.journalFlushes }

  // MARK: - Reading and writing

  /// Runs `body` with the newest data.
  func read<Result>(
    _ body: (StoreFile) throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    try checkNotDeleted()
    return try store.read { (file: StoreFile, _: Int) throws(StoreError) -> Result in
      try body(file)
    }
  }

  /// Asks `change` for the change to make to the newest data, and saves it. When `change`
  /// throws, nothing is written.
  func modify<Result>(
    _ change: (StoreFile) throws(StoreError) -> (StoreFileSchema.Change, Result)
  ) throws(StoreError) -> Result {
    try checkNotDeleted()
    return try store.write {
      (file: StoreFile) throws(StoreError) -> (change: StoreFileSchema.Change?, result: Result) in
      let (made, result) = try change(file)
      return (made, result)
    }
  }

  // MARK: - Records

  /// The records of type `Record`, in their collection's order.
  public func records<Record: StoredRecord>(_ type: Record.Type = Record.self) throws(StoreError)
    -> [Record]
  where Record.ID == Int {
    try read { file in file.list(type).records }
  }

  /// The record of type `Record` with identifier `id`.
  ///
  /// - Throws: ``StoreError/notFound(_:record:)`` when there is none.
  public func record<Record: StoredRecord>(_ type: Record.Type = Record.self, id: Int)
    throws(StoreError)
    -> Record where Record.ID == Int
  {
    try read { (file: StoreFile) throws(StoreError) in
      let list = file.list(type)
      guard let index = list.index(of: id) else {
        throw .notFound(id, record: list.collection.recordKey)
      }
      return list.records[index]
    }
  }

  /// Adds the record `make` returns for the next identifier of its collection; identifiers
  /// are never given out again.
  ///
  /// - Returns: The record as stored (as it reads back from the file).
  /// - Throws: What `make` throws, or ``StoreError/invalidInput(_:)`` when the record cannot
  ///   be written as JSON; nothing changes.
  @discardableResult
  public func add<Record: StoredRecord>(_ make: (_ id: Int) throws(StoreError) -> Record)
    throws(StoreError)
    -> Record where Record.ID == Int
  {
    try modify { (file: StoreFile) throws(StoreError) in
      let record = try Self.storable(try make(file.list(Record.self).nextId))
      return (.add(record), record)
    }
  }

  /// Replaces the record of type `Record` with identifier `id` by what `change` makes of the
  /// stored one (keeping `id`).
  ///
  /// - Returns: The record as stored.
  /// - Throws: ``StoreError/notFound(_:record:)`` when there is no such record, what `change`
  ///   throws, or ``StoreError/invalidInput(_:)``; nothing changes.
  @discardableResult
  public func update<Record: StoredRecord>(
    _ type: Record.Type = Record.self, id: Int,
    _ change: (_ stored: Record) throws(StoreError) -> Record
  ) throws(StoreError) -> Record where Record.ID == Int {
    try modify { (file: StoreFile) throws(StoreError) in
      let list = file.list(type)
      guard let index = list.index(of: id) else {
        throw .notFound(id, record: list.collection.recordKey)
      }
      let record = try Self.storable(try change(list.records[index]))
      guard record.id == id else {
        throw .invalidInput("A \(list.collection.recordKey)'s identifier cannot change.")
      }
      return (.update(record), record)
    }
  }

  /// Removes the record of type `Record` with identifier `id`.
  ///
  /// - Throws: ``StoreError/notFound(_:record:)`` when there is no such record.
  public func remove<Record: StoredRecord>(_ type: Record.Type, id: Int) throws(StoreError)
  where Record.ID == Int {
    try modify { (file: StoreFile) throws(StoreError) in
      let list = file.list(type)
      guard list.index(of: id) != nil else {
        throw .notFound(id, record: list.collection.recordKey)
      }
      return (.remove(type, id: id), ())
    }
  }

  /// Saves `records`: one whose identifier is new is added, one whose identifier exists
  /// replaces the stored record. Saving records that are already stored changes nothing on
  /// screen.
  ///
  /// - Throws: ``StoreError/invalidInput(_:)`` when a record cannot be written as JSON.
  public func save<Record: StoredRecord>(_ records: [Record]) throws(StoreError)
  where Record.ID == Int {
    guard !records.isEmpty else { return }
    var stored: [Record] = []
    stored.reserveCapacity(records.count)
    for record in records { stored.append(try Self.storable(record)) }
    try modify { _ in (.save(stored), ()) }
  }

  /// One page of the records of type `Record`, largest identifier first (see
  /// ``RecordStore/page(_:sinceId:maxId:limit:where:)``).
  public func page<Record: StoredRecord>(
    _ type: Record.Type, sinceId: Int?, maxId: Int?, limit: Int,
    where isIncluded: (Record) -> Bool
  ) throws(StoreError) -> [Record] where Record.ID == Int {
    try read { file in
      let list = file.list(type)
      let records =
        list.collection.order.isNewestFirst ? list.records : list.records.sorted { $0.id > $1.id }
      return newestFirstPage(
        of: records, sinceId: sinceId, maxId: maxId, limit: limit, where: isIncluded)
    }
  }

  /// `record` as it reads back from the file (a date at the millisecond, say).
  static func storable<Record: Codable>(_ record: Record) throws(StoreError) -> Record {
    do {
      return try RecordCoding.roundTrip(record, dates: .timestamp)
    } catch {
      throw .invalidInput("The \(Record.self) cannot be saved: \(error)")
    }
  }

  /// Fails when `store.json` was deleted since the store was opened, before the journal store
  /// is asked (which would say the same, as it never creates the snapshot again once open),
  /// so that a deleted directory is reported as the file's deletion. A directory that cannot
  /// be listed is left for the read to report.
  private func checkNotDeleted() throws(StoreError) {
    let manager = FileManager.default
    guard !manager.fileExists(atPath: fileURL.path) else { return }
    let directoryIsGone = !manager.fileExists(atPath: directory.path)
    let names = try? manager.contentsOfDirectory(atPath: directory.path)
    if directoryIsGone || names.map({ !$0.contains(Self.fileName) }) == true {
      throw .deleted(path: fileURL.path)
    }
  }
}
