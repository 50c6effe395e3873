import Foundation

/// An error type that can carry a ``StorageError``, so that the closures given to a store
/// can throw their own errors through it.
public protocol StorageErrorRepresentable: Error {
  /// The error for a problem of the store's files.
  init(storage: StorageError)
}

extension StorageError: StorageErrorRepresentable {
  /// The error itself.
  public init(storage: StorageError) {
    self = storage
  }
}

/// A durable, multi-process store of one value of type `Schema.State`: a snapshot file
/// beside an append-only journal of changes.
///
/// The directory holds `<name>.json` (the snapshot: the whole state at one generation),
/// `<name>.journal` (one line per change since), `<name>.lock` (taken by writers),
/// `<name>.wait` (held, shared, by writers waiting for the lock) and, only
/// while a fold is under way, files ending in `.tmp`. See ``FileFormats`` for their text;
/// both are JSON a person can read with `cat`.
///
/// **A write** (``write(_:)``) takes an exclusive `flock` on the lock file, catches up with
/// the changes of other processes, asks its closure for a change, writes the change as one
/// line with its length and CRC-32 at the journal's logical end, flushes the journal to the
/// disk (`fdatasync`, or `F_FULLFSYNC` on Apple platforms, where `fsync` stops at the
/// drive's cache) and releases the lock. The journal file is kept longer than its records,
/// with zeros written in advance past them, so that a record is written in place and its
/// flush has no file-system metadata to commit (see ``FileFormats``). Its cost does not
/// depend on how much the store holds. A write that returned is on the disk.
/// Writers take turns: one that finds the lock free while others wait for it lets one of
/// them go first, so a process writing in a loop cannot keep the others out.
///
/// **Concurrent writes** of one instance share flushes (group commit): while one writer
/// writes and flushes, the writes that come wait together, and the next to go runs all their
/// closures in turn (each on the state the ones before it made), writes their changes as one
/// journal record with one flush, and only then lets each of them return. A flush therefore
/// costs each of n concurrent writers about one n-th of it; a reader of the same instance
/// waits for the flush, so it never sees a change that is not on the disk.
///
/// **Size**: no file grows past ``StoreOptions/maximumFileBytes``, the largest the store
/// reads: a write that would take the journal past it folds the journal first, and a write
/// whose change or new snapshot would not fit fails with nothing written. A store that
/// wrote can therefore always be opened again.
///
/// **Folding**: once the journal outgrows its bound (``StoreOptions``), the write that
/// crossed it also writes the whole state into a new snapshot, flushes it, renames it over
/// the old one, flushes the directory, then starts a new, empty journal the same way. A
/// crash at any point leaves either the old snapshot with its journal, or the new snapshot
/// (with the old journal, whose records it already holds, or the new one): never a mix.
///
/// **Reads** take no file lock, so they never wait for writers. Each one checks, with one
/// `stat` of each file and one small read at the journal's logical end, whether another
/// process wrote; if so it reads only the journal's new lines, or, after a fold, the new
/// snapshot. A line cut short by a crash (at the logical end of the journal, without its
/// line break) is not data: it is ignored, and the next write clears it. A crash cuts short
/// only the last record, and only by its end (see ``FileFormats``), so a record that was
/// acknowledged is never taken for one cut short, and what a record's change hands out
/// (an identifier, say) is never handed out again.
///
/// **Read-only data**: when the lock file cannot be opened for writing (a read-only mount,
/// files of another user, a directory without write permission, or `<name>.wait` missing
/// where it cannot be created), the store opens read-only instead of failing: reads work as
/// above, and every write (and ``compact()``) throws ``StorageError/readOnly(path:reason:)``
/// after trying once more to open the lock file for writing, so a store whose directory
/// became writable writes again. Nothing is written while opening: a snapshot of an older
/// version is migrated in memory each time it is read, temporary files are left for a
/// writer, and a missing snapshot is an error rather than created. Reading stays consistent
/// with writers in other processes (a read-write mount of the same files, say) because reads
/// never needed the lock: each validates what it read against the files' identities and
/// reads again after a fold. The one step a reader takes the lock for, confirming that a
/// damaged journal line is not a line a writer is cutting off at that moment, takes a
/// shared lock of the lock file opened for reading; when the lock file does not exist, no
/// writer is at work (a writer creates it), and the damage is confirmed by reading again.
///
/// **Bad files are kept**: a snapshot or a journal line that is not what the store wrote
/// (bad JSON, a wrong checksum or length, a generation out of sequence, a zero byte with
/// records after it, a file past ``StoreOptions/maximumFileBytes``), the journal's last line
/// included unless a crash explains it, makes every read and write throw a ``StorageError``
/// naming the file and the problem; the store writes over neither file. A damaged journal
/// line is refused once it runs past where its record can end, without reading the rest.
///
/// **Versions**: both files carry `schemaVersion`. A snapshot or journal of an older version
/// is migrated with ``StoreSchema/migrations`` when it is read, and written again in the
/// current version when the store is opened (keeping the old snapshot beside it as
/// `<name>.json.v<version>`).
///
/// **Threads**: every method may be called from any thread; calls on one instance run one at
/// a time, and block on disk I/O (and writes on other processes' writes), so call them off
/// the main thread in an interactive app.
public final class JournalStore<Schema: StoreSchema>: Sendable {
  /// The directory holding the store's files.
  public let directory: URL
  /// The snapshot, `<name>.json`.
  public let snapshotPath: String
  /// The journal, `<name>.journal`.
  public let journalPath: String
  /// The lock file, `<name>.lock`.
  public let lockPath: String
  /// The file writers waiting for the lock hold a shared lock of, `<name>.wait`.
  public let waitPath: String
  /// Where a new snapshot is written before it is renamed into place.
  public let snapshotTemporaryPath: String
  /// Where a new journal is written before it is renamed into place.
  public let journalTemporaryPath: String
  /// When the journal is folded, and the largest file read.
  public let options: StoreOptions

  private let directoryPath: String
  private let initialState: @Sendable () -> Schema.State
  private let inner: Locked<Inner>
  /// How many bytes of the journal this instance read, for tests of how far a damaged line
  /// is read.
  private let journalReads = Locked(0)

  /// How many bytes of the journal this instance has read so far.
  var journalBytesRead: Int { journalReads.withLock { $0 } }

  /// The writes waiting to be written together.
  private let queue = WriteQueue()
  /// How many times this instance flushed records to the journal.
  private let recordFlushes = Locked(0)

  /// How many times this instance has written records to the journal and flushed them:
  /// fewer than its writes when concurrent writes shared flushes (see ``write(_:)``).
  public var journalFlushes: Int { recordFlushes.withLock { $0 } }

  /// How many writes of this instance wait for a writer to take them.
  var waitingWrites: Int {
    queue.condition.lock()
    defer { queue.condition.unlock() }
    return queue.pending.count
  }

  /// The result of a write's `body`, set on the thread that runs it.
  private final class Answer<Value>: @unchecked Sendable {
    // `@unchecked Sendable`: set by the writer that runs the body and read by the one that
    // called `write` after its request is done, which `WriteQueue`'s lock orders.
    var value: Value?
  }

  /// One call of ``write(_:)`` waiting to be written.
  private final class WriteRequest: @unchecked Sendable {
    // `@unchecked Sendable`: `run` and `failure` are set by the writer that writes the
    // request and read by the one that made it once `done` is set, all three under
    // `WriteQueue`'s lock or ordered by it.
    /// Runs the body against the newest state; the change to write, if any. `nil` once run,
    /// so that the body is not kept past its call.
    var run: ((Schema.State) -> Schema.Change?)?
    /// Why the change was not written, if it was not.
    var failure: StorageError?
    /// Whether the writer that took the request has finished with it (its flush done).
    var done = false
    /// Whether its outcome is known, while the request is being written.
    var settled = false

    init(_ run: @escaping (Schema.State) -> Schema.Change?) {
      self.run = run
    }
  }

  /// The writes waiting for their turn, and whether a writer is writing some.
  private final class WriteQueue: @unchecked Sendable {
    // `@unchecked Sendable`: `pending` and `writing` are only touched with `condition` locked.
    let condition = NSCondition()
    var pending: [WriteRequest] = []
    var writing = false
  }

  /// For tests: signalled each time this instance found the lock free but left it to a
  /// writer waiting for it (see `takeTurn`), so that a test waits for that event itself.
  let leftTurnToWaitingWriter = DispatchSemaphore(value: 0)

  /// The state of one instance, guarded by `inner`'s lock.
  private struct Inner {
    /// The lock file: open for writing while the store can write; while it cannot, open for
    /// reading if it exists (for the shared lock of a reader), else `nil`.
    var lockFile: OpenFile?
    /// The wait file, open for writing while the store can write.
    var waitFile: OpenFile?
    /// Which of the lock and wait files could not be opened for writing, and why, while one
    /// cannot: the store is then read-only.
    var readOnlyReason: WriteRefusal?
    /// Whether the store is being opened: a missing snapshot is created then, whatever the
    /// options say.
    var isOpening = true
    var loaded: Loaded?
    var lastReported: Int?
  }

  /// The state as last read or written, with the files it was read from.
  private struct Loaded {
    var state: Schema.State
    var generation: Int
    /// The snapshot file, kept open so that its inode number is not given to a new file.
    var snapshot: OpenFile
    var snapshotIdentity: FileIdentity
    var snapshotVersion: Int
    var journal: Journal?
  }

  /// The open journal and how far it has been read.
  private struct Journal {
    var file: OpenFile
    var identity: FileIdentity
    var version: Int
    /// The offset just past the last whole, valid line: the journal's logical end.
    var validEnd: Int
    /// The offset just past the bytes read after `validEnd` that are not data (a line cut
    /// short by a crash) and that the next write must clear; `validEnd` when there are none.
    var dirtyEnd: Int
    /// How many lines end before `validEnd`, header included.
    var lines: Int
    /// The generation of the last record (or the header's starting point).
    var lastGeneration: Int
    /// Whether the last record was found whole but without its line break (a crash stopped
    /// its write one byte short): `validEnd` is then where the line break belongs, and the
    /// next write writes it before its own record.
    var missingLineBreak = false
  }

  /// Opens the store in `directory`, creating the directory, and the files with
  /// `initialState()` at generation 1 when there is no snapshot. A snapshot of an older
  /// schema version is migrated and written again in the current one.
  ///
  /// - Throws: ``StorageError`` when the directory cannot be created, or a file cannot be
  ///   read as a store (it is then left as it is).
  public init(
    directory: URL, name: String, options: StoreOptions = StoreOptions(),
    initialState: @escaping @Sendable () -> Schema.State
  ) throws(StorageError) {
    let directory = directory.standardizedFileURL
    self.directory = directory
    directoryPath = directory.path
    func path(_ suffix: String) -> String {
      directory.appendingPathComponent(name + suffix, isDirectory: false).path
    }
    snapshotPath = path(".json")
    journalPath = path(".journal")
    lockPath = path(".lock")
    waitPath = path(".wait")
    snapshotTemporaryPath = path(".json.tmp")
    journalTemporaryPath = path(".journal.tmp")
    self.options = options
    self.initialState = initialState
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      throw .notADirectory(path: directory.path)
    }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .directoryNotCreated(path: directory.path, reason: error.localizedDescription)
    }
    let files = Self.openLockFiles(lockPath: lockPath, waitPath: waitPath, options: options)
    inner = Locked(
      Inner(lockFile: files.lock, waitFile: files.wait, readOnlyReason: files.readOnlyReason))
    try inner.withLock { (inner: inout Inner) throws(StorageError) in
      guard inner.readOnlyReason == nil else {
        // Read-only: read as any reader does, writing nothing (see the type's documentation).
        try catchUp(&inner, locked: false)
        inner.lastReported = inner.loaded?.generation
        inner.isOpening = false
        return
      }
      try exclusively(&inner) { (inner: inout Inner) throws(StorageError) in
        // Left only by a process that died while folding; no live fold can be using them.
        POSIXFile.removeIfPresent(snapshotTemporaryPath)
        POSIXFile.removeIfPresent(journalTemporaryPath)
        try catchUp(&inner, locked: true)
        if let loaded = inner.loaded,
          loaded.snapshotVersion != Schema.version
            || (loaded.journal.map { $0.version != Schema.version } ?? false)
        {
          if loaded.snapshotVersion != Schema.version {
            do throws(POSIXFailure) {
              try POSIXFile.link(snapshotPath, as: snapshotPath + ".v\(loaded.snapshotVersion)")
            } catch {
              throw .writeFailed(path: snapshotPath, reason: error.reason)
            }
          }
          try fold(&inner)
        }
      }
      inner.lastReported = inner.loaded?.generation
      inner.isOpening = false
    }
  }

  // MARK: - Reading and writing

  /// Runs `body` with the newest state and its generation (the number of changes written
  /// since the store was created, counting the initial state as 1).
  public func read<Result, Failure: StorageErrorRepresentable>(
    _ body: (Schema.State, Int) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try inner.withLock { (inner: inout Inner) throws(Failure) -> Result in
      do throws(StorageError) {
        try catchUp(&inner, locked: false)
      } catch {
        throw Failure(storage: error)
      }
      let loaded = inner.loaded!
      return try body(loaded.state, loaded.generation)
    }
  }

  /// Asks `body` for a change to the newest state and saves it; see the type's
  /// documentation for the steps. When `body` throws or gives no change, nothing is written.
  ///
  /// Writes of one instance that wait for each other are written together: `body` may run
  /// on the thread of another call of `write`, while this one waits for it (so it must not
  /// depend on the calling thread or task, and must not call the store), and the call
  /// returns once the flush that holds its change is done.
  ///
  /// - Returns: The result `body` gave with its change.
  public func write<Result, Failure: StorageErrorRepresentable>(
    _ body: (Schema.State) throws(Failure) -> (change: Schema.Change?, result: Result)
  ) throws(Failure) -> Result {
    let outcome = withoutActuallyEscaping(body) { body -> Swift.Result<Result, Failure> in
      let answer = Answer<Swift.Result<Result, Failure>>()
      let request = WriteRequest { state in
        do throws(Failure) {
          let (change, result) = try body(state)
          answer.value = .success(result)
          return change
        } catch {
          answer.value = .failure(error)
          return nil
        }
      }
      let failure = commit(request)
      if case .failure? = answer.value { return answer.value! }
      if let failure { return .failure(Failure(storage: failure)) }
      return answer.value!
    }
    return try outcome.get()
  }

  /// Folds the journal into a new snapshot now, whatever its size.
  public func compact() throws(StorageError) {
    try inner.withLock { (inner: inout Inner) throws(StorageError) in
      try exclusively(&inner) { (inner: inout Inner) throws(StorageError) in
        try catchUp(&inner, locked: true)
        try fold(&inner)
      }
    }
  }

  /// Reads what other processes (or instances) wrote, and tells whether the generation
  /// changed since the previous call (or since the store was opened), whoever changed it.
  /// Costs a `stat` of each file when nothing changed.
  public func refresh() throws(StorageError) -> Bool {
    try inner.withLock { (inner: inout Inner) throws(StorageError) -> Bool in
      try catchUp(&inner, locked: false)
      let generation = inner.loaded!.generation
      defer { inner.lastReported = generation }
      return inner.lastReported != generation
    }
  }

  /// The size in bytes of the journal's valid lines and of the snapshot, as last read.
  public func sizes() throws(StorageError) -> (journal: Int, snapshot: Int) {
    try inner.withLock { (inner: inout Inner) throws(StorageError) -> (Int, Int) in
      try catchUp(&inner, locked: false)
      let loaded = inner.loaded!
      return (loaded.journal?.validEnd ?? 0, Int(loaded.snapshotIdentity.size))
    }
  }

  // MARK: - Locking

  /// Runs `body` holding the exclusive lock of the lock file.
  private func exclusively<Result>(
    _ inner: inout Inner, _ body: (inout Inner) throws(StorageError) -> Result
  ) throws(StorageError) -> Result {
    try makeWritable(&inner)
    do {
      try takeTurn(&inner)
    } catch {
      throw .writeFailed(path: lockPath, reason: error.reason)
    }
    defer { POSIXFile.unlock(inner.lockFile!.descriptor) }
    return try body(&inner)
  }

  /// A lock or wait file that could not be opened for writing, and why.
  private struct WriteRefusal {
    var path: String
    var failure: POSIXFailure
  }

  /// Opens the lock and wait files for writing (creating them). When either cannot be, the
  /// store is read-only: the result says which and why, with the lock file open for reading
  /// if it exists.
  private static func openLockFiles(lockPath: String, waitPath: String, options: StoreOptions)
    -> (lock: OpenFile?, wait: OpenFile?, readOnlyReason: WriteRefusal?)
  {
    let lock: OpenFile
    do {
      lock = OpenFile(try openForWriting(lockPath, options: options, POSIXFile.openLockFile))
    } catch {
      let readable = try? POSIXFile.openForReading(lockPath)
      return (readable.map(OpenFile.init), nil, WriteRefusal(path: lockPath, failure: error))
    }
    do {
      let wait = OpenFile(try openForWriting(waitPath, options: options, POSIXFile.openLockFile))
      return (lock, wait, nil)
    } catch {
      return (lock, nil, WriteRefusal(path: waitPath, failure: error))
    }
  }

  /// `open(path)`, or the failure ``StoreOptions/simulatedWriteFailure`` asks for.
  private static func openForWriting(
    _ path: String, options: StoreOptions,
    _ open: (String) throws(POSIXFailure) -> Int32
  ) throws(POSIXFailure) -> Int32 {
    if let code = options.simulatedWriteFailure { throw POSIXFailure("open", code: code) }
    return try open(path)
  }

  /// Makes a read-only store writable if its lock and wait files can now be opened for
  /// writing; else throws ``StorageError/readOnly(path:reason:)`` (or, when the reason is
  /// not one that makes files read-only, ``StorageError/writeFailed(path:reason:)``).
  private func makeWritable(_ inner: inout Inner) throws(StorageError) {
    guard inner.readOnlyReason != nil else { return }
    let files = Self.openLockFiles(lockPath: lockPath, waitPath: waitPath, options: options)
    guard let reason = files.readOnlyReason else {
      inner.lockFile = files.lock
      inner.waitFile = files.wait
      inner.readOnlyReason = nil
      // Read again, so that the journal is opened for writing.
      inner.loaded = nil
      return
    }
    inner.readOnlyReason = reason
    if inner.lockFile == nil { inner.lockFile = files.lock }
    guard reason.failure.meansReadOnly else {
      throw .writeFailed(path: reason.path, reason: reason.failure.reason)
    }
    throw .readOnly(path: directoryPath, reason: "\(reason.path): \(reason.failure.reason)")
  }

  /// Blocks until this instance holds the exclusive lock of the lock file, in turn with the
  /// other writers.
  ///
  /// `flock` does not queue: whoever asks first once the lock is free gets it, so a writer
  /// that released it and asks again at once would usually win over those woken up, and a
  /// process writing in a loop could keep the others waiting indefinitely. So a writer
  /// waiting for the lock first takes a shared lock of the wait file, and one that finds the
  /// lock free but the wait file held leaves the lock to them, pausing until one of them has
  /// it; then it waits in turn. A process that dies releases its locks, so nobody waits for a
  /// process that is gone.
  ///
  /// A lock file deleted or replaced while the store is open (`rm dir/*` under a running
  /// writer) would let a process that opens the store afterwards lock a new file while this
  /// one locks the old: so once it holds the lock, a writer checks that its lock file is still
  /// the one at `<name>.lock`, and if not, opens that one (creating it) and takes its turn
  /// there. A write already running when the file goes may overlap one write of a process
  /// that opened the store after that; every later write takes turns again.
  private func takeTurn(_ inner: inout Inner) throws(POSIXFailure) {
    while true {
      try takeTurnOnce(inner)
      let held = try POSIXFile.identity(of: inner.lockFile!.descriptor)
      if let current = try POSIXFile.identity(atPath: lockPath), current.isSameFile(as: held) {
        return
      }
      POSIXFile.unlock(inner.lockFile!.descriptor)
      inner.lockFile = OpenFile(
        try Self.openForWriting(lockPath, options: options, POSIXFile.openLockFile))
      inner.waitFile = OpenFile(
        try Self.openForWriting(waitPath, options: options, POSIXFile.openLockFile))
    }
  }

  /// Call only while the store is writable: both files are open for writing then.
  private func takeTurnOnce(_ inner: Inner) throws(POSIXFailure) {
    let lock = inner.lockFile!.descriptor
    let wait = inner.waitFile!.descriptor
    while try POSIXFile.tryLockExclusive(lock) {
      let nobodyWaits: Bool
      do {
        nobodyWaits = try POSIXFile.tryLockExclusive(wait)
      } catch {
        POSIXFile.unlock(lock)
        throw error
      }
      guard nobodyWaits else {
        // Free, but others wait: let one of them take it.
        POSIXFile.unlock(lock)
        leftTurnToWaitingWriter.signal()
        POSIXFile.pause(microseconds: 50)
        continue
      }
      // Nobody waits.
      POSIXFile.unlock(wait)
      return
    }
    try POSIXFile.lockShared(wait)
    defer { POSIXFile.unlock(wait) }
    try POSIXFile.lockExclusive(lock)
  }

  // MARK: - Catching up

  /// Makes `inner.loaded` the newest state on disk, creating the store if it has no
  /// snapshot. Without the lock, a damaged journal line is confirmed under the lock before it
  /// is reported, since a writer may have been cutting off a torn line at that moment.
  private func catchUp(_ inner: inout Inner, locked: Bool) throws(StorageError) {
    do {
      try catchUpOnce(&inner, locked: locked)
    } catch {
      inner.loaded = nil
      guard !locked, case .corrupt = error else { throw error }
      guard inner.readOnlyReason != nil else {
        try exclusively(&inner) { (inner: inout Inner) throws(StorageError) in
          try catchUpOnce(&inner, locked: true)
        }
        return
      }
      try confirmReadOnly(&inner)
    }
  }

  /// Reads again what a read-only store found damaged, holding a shared lock of the lock file
  /// (so that no writer is cutting off a torn line meanwhile), or, when there is no lock file,
  /// after a pause (no writer is at work then: a writer creates the lock file).
  private func confirmReadOnly(_ inner: inout Inner) throws(StorageError) {
    if inner.lockFile == nil {
      inner.lockFile = (try? POSIXFile.openForReading(lockPath)).map(OpenFile.init)
    }
    guard let lock = inner.lockFile else {
      POSIXFile.pause(microseconds: 10_000)
      try catchUpOnce(&inner, locked: false, mayLock: false)
      return
    }
    do {
      try POSIXFile.lockShared(lock.descriptor)
    } catch {
      throw .unreadable(path: lockPath, reason: error.reason)
    }
    defer { POSIXFile.unlock(lock.descriptor) }
    try catchUpOnce(&inner, locked: false, mayLock: false)
  }

  /// - Parameters:
  ///   - locked: Whether the exclusive lock is held: a missing snapshot is created then.
  ///   - mayLock: Whether a missing snapshot may be created by taking the exclusive lock;
  ///     `false` while a shared lock is held, which the exclusive lock would wait for.
  private func catchUpOnce(_ inner: inout Inner, locked: Bool, mayLock: Bool = true)
    throws(StorageError)
  {
    for _ in 0..<8 {
      guard let snapshotIdentity = try identity(atPath: snapshotPath) else {
        if !inner.isOpening && !options.createsSnapshotAfterOpening {
          inner.loaded = nil
          throw .deleted(path: snapshotPath)
        }
        if locked {
          try create(&inner)
        } else if mayLock {
          do {
            try makeWritable(&inner)
          } catch .readOnly(let path, let reason) {
            inner.loaded = nil
            throw .readOnly(
              path: path,
              reason: "\(snapshotPath) does not exist and cannot be created: \(reason)")
          }
          try exclusively(&inner) { (inner: inout Inner) throws(StorageError) in
            try catchUpOnce(&inner, locked: true)
          }
        } else {
          inner.loaded = nil
          throw .unreadable(path: snapshotPath, reason: "it does not exist")
        }
        return
      }
      if inner.loaded?.snapshotIdentity == snapshotIdentity {
        // Taken out, so that the state's storage is not shared while changes apply to it.
        var loaded = inner.loaded!
        inner.loaded = nil
        if try readNewRecords(&loaded) {
          inner.loaded = loaded
          return
        }
      }
      inner.loaded = nil
      var loaded = try loadSnapshot()
      if try readNewRecords(&loaded) {
        inner.loaded = loaded
        return
      }
      // The journal starts after the snapshot read: a fold replaced both between the two
      // reads. Read them again.
    }
    throw .corrupt(
      path: journalPath,
      reason: "it does not follow the snapshot \(snapshotPath), read again several times")
  }

  /// Reads the journal's lines past what `loaded` holds and applies their changes.
  ///
  /// - Returns: `false` when the journal does not continue `loaded` (it starts after its
  ///   generation, or was replaced in a way only a new snapshot explains).
  private func readNewRecords(_ loaded: inout Loaded) throws(StorageError) -> Bool {
    guard let identity = try identity(atPath: journalPath) else {
      // No journal: the snapshot is everything (the journal is created by the first write).
      if loaded.journal != nil { return false }
      return true
    }
    var journal: Journal
    var modified = false
    var opened = false
    if let open = loaded.journal, open.identity.isSameFile(as: identity) {
      // Cut short (only someone else than the store does that): read everything again.
      guard Int(identity.size) >= open.validEnd else { return false }
      journal = open
      journal.identity = identity
      modified = identity != open.identity
    } else {
      guard let new = try openJournal() else { return loaded.journal == nil }
      journal = new
      opened = true
      guard journal.lastGeneration <= loaded.generation else { return false }
    }
    let size = Int(journal.identity.size)
    guard size <= options.maximumFileBytes else {
      throw .tooLarge(path: journalPath, size: size, limit: options.maximumFileBytes)
    }
    if size > journal.validEnd {
      // The file's size says nothing about new records, which are written into space the
      // file already has: the bytes at its logical end do. When nothing was written, the
      // first of them is a zero and this is one small read.
      let start = journal.validEnd
      let data = try readData(journal.file, from: start, upTo: size)
      try applyLines(data.bytes, to: &loaded, journal: &journal, overrun: data.overrun)
      let end = start + data.bytes.count
      journal.dirtyEnd = end
      if opened || !data.zerosFollow || journal.validEnd < end {
        // Once per journal, and whenever a record was found cut short: past the first zero,
        // only zeros, or what a crash left of the record it cut short, may follow.
        journal.dirtyEnd = try checkPastEnd(journal, from: end, to: size)
      }
      // Changed, but not by a new record (the store writes none other): someone changed
      // the records read before, which must be read again.
      if modified, journal.validEnd == start { return false }
    } else {
      if modified { return false }
      journal.dirtyEnd = journal.validEnd
    }
    loaded.journal = journal
    return true
  }

  /// The bytes of the journal from `offset` to its first zero byte (or to `end`), read in
  /// growing chunks so that a journal with a long tail of zeros is not read whole; whether
  /// the rest of the last chunk after that zero byte is zeros too; and, when the last line
  /// read runs on past the offset by which its record must have ended (see
  /// ``FileFormats/recordBound(_:from:to:)``), that offset: reading stops there, since the
  /// line is damaged whatever follows.
  private func readData(_ file: OpenFile, from offset: Int, upTo end: Int) throws(StorageError)
    -> (bytes: [UInt8], zerosFollow: Bool, overrun: Int?)
  {
    var bytes: [UInt8] = []
    var position = offset
    var count = 512
    var lineStart = 0
    var bound: Int?
    while position < end {
      let wanted = min(count, end - position)
      var chunk: [UInt8]
      do {
        chunk = try POSIXFile.readBytes(from: file.descriptor, at: position, count: wanted)
      } catch {
        throw .unreadable(path: journalPath, reason: error.reason)
      }
      journalReads.withLock { $0 += chunk.count }
      var scanned = bytes.count
      let zero = POSIXFile.firstIndex(of: 0, in: chunk, from: 0, to: chunk.count)
      bytes += chunk[..<(zero ?? chunk.count)]
      while let newline = POSIXFile.firstIndex(
        of: UInt8(ascii: "\n"), in: bytes, from: max(lineStart, scanned), to: bytes.count)
      {
        lineStart = newline + 1
        scanned = lineStart
        bound = nil
      }
      if bound == nil, bytes.count > lineStart {
        // Not for an empty last line, as when nothing new was written: a read stays one
        // small read.
        bound = FileFormats.recordBound(
          bytes, from: lineStart, to: min(bytes.count, lineStart + FileFormats.recordFieldsBound))
      }
      let lineBound = offset + (bound ?? lineStart + FileFormats.recordFieldsBound)
      if offset + bytes.count >= lineBound {
        return (bytes, false, lineBound)
      }
      if let zero {
        return (bytes, POSIXFile.allZero(chunk, from: zero, to: chunk.count), nil)
      }
      if chunk.count < wanted { break }
      position += chunk.count
      count = min(count * 8, 64 << 20)
    }
    return (bytes, true, nil)
  }

  /// Checks the journal from `end`, its first zero byte after `journal.validEnd`, to `size`,
  /// and returns the offset past its last byte that is not zero (`end` when there is none).
  ///
  /// A crash cuts short only the record being written, the last: its first bytes are on
  /// the disk, and those after them are still zeros. A disk may also have written some of
  /// that record's sectors and not the ones before them, which leaves whole sectors of zeros
  /// inside it (runs of at least 512 zeros that end at a multiple of 512, and start there or
  /// where the record starts) and at most one line break, its last byte. Anything else past
  /// the first zero (a zero byte inside a record, a record after the zeros) is damage: the
  /// records after it may have been written and acknowledged, and are not dropped in
  /// silence.
  private func checkPastEnd(_ journal: Journal, from end: Int, to size: Int) throws(StorageError)
    -> Int
  {
    var lastNonZeroEnd = end
    var zerosStart = end
    var inZeros = true
    var lineBreakSeen = false
    var position = end
    while position < size {
      let wanted = min(1 << 20, size - position)
      let chunk: [UInt8]
      do {
        chunk = try POSIXFile.readBytes(from: journal.file.descriptor, at: position, count: wanted)
      } catch {
        throw .unreadable(path: journalPath, reason: error.reason)
      }
      journalReads.withLock { $0 += chunk.count }
      if chunk.isEmpty { break }
      if !POSIXFile.allZero(chunk, from: 0, to: chunk.count) {
        for index in chunk.indices where chunk[index] != 0 || !inZeros {
          let offset = position + index
          if chunk[index] == 0 {
            inZeros = true
            zerosStart = offset
            continue
          }
          if inZeros {
            let wholeSectors =
              offset - zerosStart >= 512 && offset % 512 == 0
              && (zerosStart % 512 == 0 || zerosStart == journal.validEnd)
            guard wholeSectors, !journal.missingLineBreak else {
              throw damagedPastEnd(journal, end: end, at: offset)
            }
            inZeros = false
          }
          guard !lineBreakSeen else { throw damagedPastEnd(journal, end: end, at: offset) }
          lineBreakSeen = chunk[index] == UInt8(ascii: "\n")
          lastNonZeroEnd = offset + 1
        }
      }
      position += chunk.count
    }
    return lastNonZeroEnd
  }

  private func damagedPastEnd(_ journal: Journal, end: Int, at offset: Int) -> StorageError {
    .corrupt(
      path: journalPath,
      reason: "line \(journal.lines + 1): its records end at a zero byte at offset \(end), "
        + "but the byte at offset \(offset) is not zero and is not part of a record a crash "
        + "cut short: the journal was damaged after it was written")
  }

  /// Opens the journal and reads its header line.
  private func openJournal() throws(StorageError) -> Journal? {
    let descriptor: Int32
    do {
      descriptor = try POSIXFile.openForUpdating(journalPath)
    } catch  where error.isNoSuchFile {
      return nil
    } catch {
      do {
        descriptor = try POSIXFile.openForReading(journalPath)
      } catch  where error.isNoSuchFile {
        return nil
      } catch {
        throw .unreadable(path: journalPath, reason: error.reason)
      }
    }
    let file = OpenFile(descriptor)
    let identity = try self.identity(of: file, journalPath)
    let head: [UInt8]
    do {
      head = try POSIXFile.readBytes(from: descriptor, at: 0, count: min(Int(identity.size), 4096))
    } catch {
      throw .unreadable(path: journalPath, reason: error.reason)
    }
    journalReads.withLock { $0 += head.count }
    guard let newline = head.firstIndex(of: UInt8(ascii: "\n")) else {
      throw .corrupt(
        path: journalPath, reason: "line 1: the header line is missing or unfinished")
    }
    var version: Int?
    var startsAfter: Int?
    do {
      var reader = JSONReader(head, range: 0..<newline)
      try reader.object { reader, key in
        switch key {
        case "schemaVersion": version = try reader.int()
        case "startsAfterGeneration": startsAfter = try reader.int()
        default: try reader.skipValue()
        }
      }
      try reader.end()
    } catch {
      throw .corrupt(path: journalPath, reason: "line 1: \(FileFormats.describe(error))")
    }
    guard let version else {
      throw .corrupt(path: journalPath, reason: "line 1: missing field schemaVersion")
    }
    guard let startsAfter else {
      throw .corrupt(path: journalPath, reason: "line 1: missing field startsAfterGeneration")
    }
    try checkVersion(version, path: journalPath)
    return Journal(
      file: file, identity: identity, version: version, validEnd: newline + 1,
      dirtyEnd: newline + 1, lines: 1, lastGeneration: startsAfter)
  }

  /// Applies the records of `bytes` (the journal from `journal.validEnd` to its first zero
  /// byte) to `loaded`.
  ///
  /// Every line finished by a line break must be a valid record whose generation follows
  /// the previous one: a crash cuts short only the last line, which then has no line break
  /// (a record cut short where the file had zeros ends at its first zero byte, since the
  /// zeros after it were never data). So a last line without a line break that is not a
  /// whole JSON value is left unread for the next write to clear; one that is a whole record
  /// (a crash stopped one byte short) is read as a record; anything else is damage, as is a
  /// last line `overrun` says went past its bound.
  private func applyLines(
    _ bytes: [UInt8], to loaded: inout Loaded, journal: inout Journal, overrun: Int?
  ) throws(StorageError) {
    var start = 0
    if journal.missingLineBreak, !bytes.isEmpty {
      guard bytes[0] == UInt8(ascii: "\n") else {
        throw .corrupt(
          path: journalPath,
          reason: "line \(journal.lines): it has no line break, and other bytes follow it")
      }
      journal.missingLineBreak = false
      journal.validEnd += 1
      start = 1
    }
    while start < bytes.count {
      let lineNumber = journal.lines + 1
      guard
        let newline = POSIXFile.firstIndex(
          of: UInt8(ascii: "\n"), in: bytes, from: start, to: bytes.count)
      else {
        if let overrun {
          throw .corrupt(
            path: journalPath,
            reason: "line \(lineNumber): it runs on past offset \(overrun) without a line "
              + "break, where its record must have ended (as its length says, or "
              + "\(FileFormats.recordFieldsBound) bytes in without the fields before its change)")
        }
        var reader = JSONReader(bytes, range: start..<bytes.count)
        // Cut short by a crash: not data.
        guard (try? reader.skipValue()) != nil else { return }
        do {
          try reader.end()
          try applyRecord(bytes, start..<bytes.count, to: &loaded, journal: &journal)
        } catch {
          throw .corrupt(
            path: journalPath,
            reason: "line \(lineNumber) (the last, without a line break): \(describe(error))")
        }
        journal.lines += 1
        journal.validEnd += bytes.count - start
        journal.missingLineBreak = true
        return
      }
      do {
        try applyRecord(bytes, start..<newline, to: &loaded, journal: &journal)
      } catch {
        throw .corrupt(path: journalPath, reason: "line \(lineNumber): \(describe(error))")
      }
      journal.lines += 1
      journal.validEnd += newline + 1 - start
      start = newline + 1
    }
  }

  /// Reads the record of `bytes[range]` and applies its changes to `loaded`, those
  /// `loaded` does not have.
  ///
  /// A record holds one change (`change`) or several written together (`changes`, an
  /// array), its `generation` being the one its last change makes.
  private func applyRecord(
    _ bytes: [UInt8], _ range: Range<Int>, to loaded: inout Loaded, journal: inout Journal
  ) throws {
    let version = journal.version
    let framed = try FileFormats.readFramed(
      bytes, range: range, payloadKey: "change", otherPayloadKey: "changes"
    ) { framed, reader -> [Schema.Change] in
      guard framed.payloadKey == "changes" else {
        return [try decodeChange(&reader, version: version)]
      }
      var changes: [Schema.Change] = []
      try reader.array { reader in changes.append(try decodeChange(&reader, version: version)) }
      guard !changes.isEmpty else { throw FileFormats.Problem("its changes are an empty array") }
      return changes
    }
    guard let generation = framed.generation else {
      throw FileFormats.Problem("missing field generation")
    }
    guard let changes = framed.payload else {
      throw FileFormats.Problem("missing field change")
    }
    guard generation == journal.lastGeneration + changes.count else {
      throw FileFormats.Problem(
        changes.count == 1
          ? "its generation is \(generation), but the line before made generation "
            + "\(journal.lastGeneration)"
          : "its generation is \(generation), but the line before made generation "
            + "\(journal.lastGeneration) and it holds \(changes.count) changes")
    }
    for (index, change) in changes.enumerated() {
      let made = journal.lastGeneration + index + 1
      guard made > loaded.generation else { continue }
      do {
        try Schema.apply(change, to: &loaded.state)
      } catch {
        throw FileFormats.Problem(
          changes.count == 1
            ? "its change does not apply: \(error)"
            : "its change number \(index + 1) does not apply: \(error)")
      }
      loaded.generation = made
    }
    journal.lastGeneration = generation
  }

  /// Reads the snapshot (migrating an older version in memory).
  private func loadSnapshot() throws(StorageError) -> Loaded {
    let descriptor: Int32
    do {
      descriptor = try POSIXFile.openForReading(snapshotPath)
    } catch {
      throw .unreadable(path: snapshotPath, reason: error.reason)
    }
    let file = OpenFile(descriptor)
    let identity = try self.identity(of: file, snapshotPath)
    guard Int(identity.size) <= options.maximumFileBytes else {
      throw .tooLarge(
        path: snapshotPath, size: Int(identity.size), limit: options.maximumFileBytes)
    }
    let bytes: [UInt8]
    do {
      bytes = try POSIXFile.readAll(descriptor, sizeHint: Int(identity.size))
    } catch {
      throw .unreadable(path: snapshotPath, reason: error.reason)
    }
    let (state, generation, version) = try decodeSnapshot(bytes)
    return Loaded(
      state: state, generation: generation, snapshot: file, snapshotIdentity: identity,
      snapshotVersion: version, journal: nil)
  }

  /// The state, generation and schema version of a snapshot's text.
  ///
  /// A snapshot without a `data` field was written before snapshots had an envelope (by
  /// version 1 of a schema): the whole object is then the data, with its `schemaVersion` and
  /// `generation` fields in it.
  private func decodeSnapshot(_ bytes: [UInt8]) throws(StorageError) -> (
    Schema.State, Int, Int
  ) {
    let framed: FileFormats.Framed<Schema.State>
    do {
      framed = try FileFormats.readFramed(bytes, range: 0..<bytes.count, payloadKey: "data") {
        framed, reader in
        guard framed.schemaVersion == Schema.version else {
          // Another version: decoded after the version is checked, below.
          throw DeferredDecoding()
        }
        return try Schema.decodeState(from: &reader)
      }
    } catch is DeferredDecoding {
      return try decodeOtherVersion(bytes, enveloped: true)
    } catch {
      // A file of another version may fail to read for that reason alone: say so.
      if let version = topLevelVersion(bytes), version != Schema.version {
        try checkVersion(version, path: snapshotPath)
      }
      throw .corrupt(path: snapshotPath, reason: describe(error))
    }
    guard let version = framed.schemaVersion else {
      throw .corrupt(path: snapshotPath, reason: "missing field schemaVersion")
    }
    try checkVersion(version, path: snapshotPath)
    guard framed.payloadRange != nil else {
      return try decodeOtherVersion(bytes, enveloped: false)
    }
    guard version == Schema.version, let state = framed.payload else {
      return try decodeOtherVersion(bytes, enveloped: true)
    }
    guard let generation = framed.generation else {
      throw .corrupt(path: snapshotPath, reason: "missing field generation")
    }
    if let problem = Schema.inconsistency(in: state) {
      throw .corrupt(path: snapshotPath, reason: problem)
    }
    return (state, generation, version)
  }

  private struct DeferredDecoding: Error {}

  /// Reads a snapshot of an older version as JSON values, migrates its data and decodes it.
  private func decodeOtherVersion(_ bytes: [UInt8], enveloped: Bool) throws(StorageError) -> (
    Schema.State, Int, Int
  ) {
    do {
      var reader = JSONReader(bytes)
      let document = try JSONValue.read(from: &reader)
      try reader.end()
      guard case .number(let versionText)? = document["schemaVersion"],
        let version = Int(versionText)
      else {
        throw FileFormats.Problem("missing field schemaVersion")
      }
      try checkVersion(version, path: snapshotPath)
      var generation = 0
      if case .number(let text)? = document["generation"], let value = Int(text) {
        generation = value
      }
      var data = document
      if enveloped {
        guard let enclosed = document["data"] else {
          throw FileFormats.Problem("missing field data")
        }
        data = enclosed
      }
      for migration in try migrationChain(from: version, path: snapshotPath) {
        try migration.state(&data)
      }
      var writer = JSONWriter(capacity: bytes.count)
      data.write(to: &writer)
      var dataReader = JSONReader(writer.bytes)
      let state = try Schema.decodeState(from: &dataReader)
      try dataReader.end()
      if let problem = Schema.inconsistency(in: state) {
        throw FileFormats.Problem(problem)
      }
      return (state, generation, version)
    } catch let error as StorageError {
      throw error
    } catch {
      throw .corrupt(path: snapshotPath, reason: describe(error))
    }
  }

  /// Reads one journal change written in schema `version`, migrating it if needed.
  private func decodeChange(_ reader: inout JSONReader, version: Int) throws -> Schema.Change {
    if version == Schema.version { return try Schema.decodeChange(from: &reader) }
    var value = try JSONValue.read(from: &reader)
    for migration in try migrationChain(from: version, path: journalPath) {
      try migration.change(&value)
    }
    var writer = JSONWriter(capacity: 256)
    value.write(to: &writer)
    var changeReader = JSONReader(writer.bytes)
    let change = try Schema.decodeChange(from: &changeReader)
    try changeReader.end()
    return change
  }

  /// The migrations from `version` to ``StoreSchema/version``, in order.
  private func migrationChain(from version: Int, path: String) throws(StorageError)
    -> [StoreMigration]
  {
    var chain: [StoreMigration] = []
    for step in version..<Schema.version {
      guard let migration = Schema.migrations.first(where: { $0.from == step }) else {
        throw .unsupportedVersion(path: path, found: version, supported: Schema.version)
      }
      chain.append(migration)
    }
    return chain
  }

  /// Fails for a version above the current one or without migrations to it.
  private func checkVersion(_ version: Int, path: String) throws(StorageError) {
    guard version <= Schema.version, version >= 1 else {
      throw .unsupportedVersion(path: path, found: version, supported: Schema.version)
    }
    _ = try migrationChain(from: version, path: path)
  }

  /// The top-level `schemaVersion` of a document that may not be a valid snapshot, if any.
  private func topLevelVersion(_ bytes: [UInt8]) -> Int? {
    var reader = JSONReader(bytes)
    var version: Int?
    try? reader.object { reader, key in
      if key == "schemaVersion", version == nil {
        version = try reader.int()
      } else {
        try reader.skipValue()
      }
    }
    return version
  }

  private func describe(_ error: any Error) -> String {
    FileFormats.describe(error)
  }

  // MARK: - Writing

  /// Hands `request` to the writers of this instance and waits until it is written, or
  /// writes it (with every request waiting then) when no one is writing; the reason it was
  /// not written, if it was not.
  ///
  /// This is group commit: while one writer flushes the journal, the writes that come wait
  /// together, and the next writer to go writes all their changes as one line with one
  /// flush, so that a flush costs each of many concurrent writers a share of it.
  private func commit(_ request: WriteRequest) -> StorageError? {
    let condition = queue.condition
    condition.lock()
    queue.pending.append(request)
    while !request.done {
      guard !queue.writing else {
        condition.wait()
        continue
      }
      queue.writing = true
      let batch = queue.pending
      queue.pending = []
      condition.unlock()
      writeTogether(batch)
      condition.lock()
      for written in batch { written.done = true }
      queue.writing = false
      condition.broadcast()
    }
    condition.unlock()
    // Released here, in the call that made it, as `withoutActuallyEscaping` requires.
    request.run = nil
    return request.failure
  }

  /// Runs the bodies of `batch` in order, each on the state the ones before it made, and
  /// writes their changes, holding the exclusive lock of the lock file throughout; sets the
  /// `failure` of each request whose change was not written.
  private func writeTogether(_ batch: [WriteRequest]) {
    inner.withLock { (inner: inout Inner) in
      do throws(StorageError) {
        try exclusively(&inner) { (inner: inout Inner) throws(StorageError) in
          try catchUp(&inner, locked: true)
          try append(batch, &inner)
        }
      } catch {
        for request in batch where !request.settled {
          request.failure = error
          request.settled = true
        }
      }
    }
  }

  /// The changes of a group of writes not written yet: the requests that wait for them
  /// (those whose body gave no change too, since they saw the changes before theirs), and
  /// the JSON text of each change, applied to `inner.loaded` already.
  private struct Group {
    var requests: [WriteRequest] = []
    var payloads: [[UInt8]] = []
    var payloadBytes = 0

    /// At most how many bytes its line, with `payload` too, holds.
    func lineBound(adding payload: [UInt8]) -> Int {
      payloadBytes + payload.count + FileFormats.recordOverhead(count: payloads.count + 1)
    }
  }

  /// Writes the changes the bodies of `batch` give, as few lines as fit, each flushed before
  /// the requests it holds are settled; then folds the journal if it is due. Call with the
  /// exclusive lock held and `inner.loaded` caught up.
  ///
  /// Each body runs on the state with the changes of those before it applied (and not yet
  /// flushed, but invisible to readers, who wait for this instance's lock). A change that
  /// does not apply, or does not fit in a journal, is refused alone.
  private func append(_ batch: [WriteRequest], _ inner: inout Inner) throws(StorageError) {
    if inner.loaded!.journal.map({ $0.version != Schema.version }) ?? true {
      try startJournal(&inner)
    }
    var group = Group()
    for request in batch {
      guard let change = request.run?(inner.loaded!.state) else {
        group.requests.append(request)
        continue
      }
      let payload = FileFormats.encoded(change, schema: Schema.self)
      if !group.payloads.isEmpty,
        inner.loaded!.journal!.validEnd + group.lineBound(adding: payload)
          > min(options.maximumFileBytes, inner.loaded!.journal!.validEnd + Self.groupBytes)
      {
        // Written before this change, which may need a fold to fit.
        try flush(&group, &inner)
      }
      if group.payloads.isEmpty {
        let room = options.maximumFileBytes - inner.loaded!.journal!.validEnd
        if payload.count + FileFormats.recordOverhead(count: 1) > room {
          try flush(&group, &inner)
          // The journal would grow past what the store reads: fold it first, so that the
          // store can always be opened again.
          try fold(&inner)
          let line = FileFormats.record(
            changes: [payload], generation: inner.loaded!.generation + 1)
          guard inner.loaded!.journal!.validEnd + line.count <= options.maximumFileBytes else {
            request.failure = .writeFailed(
              path: journalPath,
              reason: "the change is \(line.count) bytes, more than a journal of at most "
                + "\(options.maximumFileBytes) bytes can hold")
            request.settled = true
            continue
          }
        }
      }
      // Applied first: a change that does not apply is not written. Taken out, so that the
      // state's storage is not shared while the change applies to it.
      var loaded = inner.loaded!
      inner.loaded = nil
      do {
        try Schema.apply(change, to: &loaded.state)
      } catch {
        inner.loaded = loaded
        request.failure = .writeFailed(
          path: journalPath, reason: "the change does not apply: \(error)")
        request.settled = true
        continue
      }
      loaded.generation += 1
      inner.loaded = loaded
      group.payloads.append(payload)
      group.payloadBytes += payload.count
      group.requests.append(request)
    }
    try flush(&group, &inner)
  }

  /// The most bytes of changes one line of several holds.
  static var groupBytes: Int { 1 << 20 }

  /// Writes the changes of `group` (applied to `inner.loaded` already) as one line and
  /// flushes it, settles its requests, and empties it; then folds the journal if it is due.
  /// When the write fails, every request not settled yet fails with it, and the state is
  /// read again by the next call.
  private func flush(_ group: inout Group, _ inner: inout Inner) throws(StorageError) {
    defer { group = Group() }
    guard !group.payloads.isEmpty else {
      for request in group.requests { request.settled = true }
      return
    }
    var loaded = inner.loaded!
    inner.loaded = nil
    var journal = loaded.journal!
    var line = FileFormats.record(changes: group.payloads, generation: loaded.generation)
    if journal.missingLineBreak {
      // The last record was read without its line break: written first.
      line.insert(UInt8(ascii: "\n"), at: 0)
    }
    do {
      try writeRecord(line, into: &journal)
    } catch {
      // Whatever reached the file is cleared by the next write; the state, which holds the
      // changes, is read again.
      throw .writeFailed(path: journalPath, reason: error.reason)
    }
    recordFlushes.withLock { $0 += 1 }
    journal.validEnd += line.count
    journal.dirtyEnd = journal.validEnd
    journal.missingLineBreak = false
    journal.lines += 1
    journal.lastGeneration = loaded.generation
    loaded.journal = journal
    inner.loaded = loaded
    for request in group.requests { request.settled = true }
    if options.shouldCompact(
      journalBytes: journal.validEnd, snapshotBytes: Int(loaded.snapshotIdentity.size))
    {
      // The changes are safe in the journal already; a fold that fails is tried again by
      // the next write.
      try? fold(&inner)
    }
  }

  /// Writes `line` at the journal's logical end, in place, and flushes it.
  ///
  /// The journal file is longer than its records: past them it holds zeros, written and
  /// flushed in advance. Writing a record over zeros changes neither the file's size nor
  /// where its blocks are, so flushing it (`fdatasync`) has only the record's block to write;
  /// growing the file each time would also commit the file system's journal, several times
  /// slower. When the record does not fit, the file grows by a step of zeros written with
  /// it (as large as the file is, from 64 KiB to 4 MiB; never past
  /// ``StoreOptions/maximumFileBytes``), so that growing costs a fixed share of each write.
  ///
  /// Bytes left after the logical end by a record a crash cut short are cleared (written
  /// as zeros) with the record.
  private func writeRecord(_ line: [UInt8], into journal: inout Journal) throws(POSIXFailure) {
    let start = journal.validEnd
    let end = start + line.count
    var size = Int(journal.identity.size)
    var clearEnd = end
    if journal.dirtyEnd > start {
      // A crash cut a record short: clear every byte after the logical end that is not zero.
      clearEnd = max(end, try lastNonZeroEnd(journal.file.descriptor, from: start, to: size))
    }
    if end > size {
      size = min(
        options.maximumFileBytes,
        max(end, (end + Self.growthStep(size) + 4095) / 4096 * 4096))
      clearEnd = size
    }
    var bytes = line
    if clearEnd > end {
      bytes += repeatElement(0, count: clearEnd - end)
    }
    try POSIXFile.writeAll(journal.file.descriptor, bytes, at: start)
    try POSIXFile.syncData(journal.file.descriptor)
    // With its new modification time: a change of it that no new record explains is a
    // change made by someone else (see `readNewRecords`).
    journal.identity = try POSIXFile.identity(of: journal.file.descriptor)
  }

  /// How many bytes of zeros a journal file of `size` bytes grows by.
  static func growthStep(_ size: Int) -> Int {
    min(max(size, 64 * 1024), 4 * 1024 * 1024)
  }

  /// The offset past the last byte in `start..<end` that is not zero (`start` if none).
  private func lastNonZeroEnd(_ descriptor: Int32, from start: Int, to end: Int)
    throws(POSIXFailure) -> Int
  {
    let bytes = try POSIXFile.readBytes(from: descriptor, at: start, count: end - start)
    guard let last = bytes.lastIndex(where: { $0 != 0 }) else { return start }
    return start + last + 1
  }

  /// Creates the store's files: the initial state as the snapshot at generation 1. A
  /// journal left without its snapshot (the user removed the snapshot) cannot apply to the
  /// new one and is removed.
  private func create(_ inner: inout Inner) throws(StorageError) {
    POSIXFile.removeIfPresent(journalPath)
    let state = initialState()
    let bytes = try snapshotText(state, generation: 1)
    inner.loaded = nil
    let (file, identity) = try replace(snapshotPath, by: snapshotTemporaryPath, with: bytes)
    inner.loaded = Loaded(
      state: state, generation: 1, snapshot: file, snapshotIdentity: identity,
      snapshotVersion: Schema.version, journal: nil)
  }

  /// The text of a snapshot of `state`, refused when it is larger than the store reads:
  /// written, it could not be read again.
  private func snapshotText(_ state: Schema.State, generation: Int) throws(StorageError)
    -> [UInt8]
  {
    let bytes = FileFormats.snapshot(state, generation: generation, schema: Schema.self)
    guard bytes.count <= options.maximumFileBytes else {
      throw .writeFailed(
        path: snapshotPath,
        reason: "the new snapshot would be \(bytes.count) bytes, more than the "
          + "\(options.maximumFileBytes) bytes the store reads")
    }
    return bytes
  }

  /// Writes the state into a new snapshot, then starts a new journal after it. Call with the
  /// exclusive lock held and `inner.loaded` caught up.
  private func fold(_ inner: inout Inner) throws(StorageError) {
    var loaded = inner.loaded!
    let bytes = try snapshotText(loaded.state, generation: loaded.generation)
    let (file, identity) = try replace(snapshotPath, by: snapshotTemporaryPath, with: bytes)
    loaded.snapshot = file
    loaded.snapshotIdentity = identity
    loaded.snapshotVersion = Schema.version
    // The new snapshot holds every record of the old journal, which stays valid beside it
    // until the new journal replaces it.
    inner.loaded = loaded
    try startJournal(&inner)
  }

  /// Replaces the journal by an empty one that starts after `inner.loaded`'s generation.
  private func startJournal(_ inner: inout Inner) throws(StorageError) {
    var loaded = inner.loaded!
    let header = FileFormats.journalHeader(
      version: Schema.version, startsAfter: loaded.generation)
    // Written with a first step of zeros for the records to come (see `writeRecord`).
    let size = max(header.count, min(Self.growthStep(0), options.maximumFileBytes))
    let (file, identity) = try replace(
      journalPath, by: journalTemporaryPath,
      with: header + repeatElement(0, count: size - header.count))
    loaded.journal = Journal(
      file: file, identity: identity, version: Schema.version, validEnd: header.count,
      dirtyEnd: header.count, lines: 1, lastGeneration: loaded.generation)
    inner.loaded = loaded
  }

  /// Writes `bytes` to `temporary`, flushes it, renames it over `path` and flushes the
  /// directory. Returns the new file, open.
  private func replace(
    _ path: String, by temporary: String, with bytes: [UInt8]
  ) throws(StorageError) -> (OpenFile, FileIdentity) {
    let file: OpenFile
    do {
      file = OpenFile(try POSIXFile.createForWriting(temporary))
    } catch {
      throw .writeFailed(path: path, reason: "\(temporary): \(error.reason)")
    }
    let identity: FileIdentity
    do {
      try POSIXFile.writeAll(file.descriptor, bytes)
      try POSIXFile.sync(file.descriptor)
      identity = try POSIXFile.identity(of: file.descriptor)
      try POSIXFile.rename(temporary, over: path)
    } catch {
      POSIXFile.removeIfPresent(temporary)
      throw .writeFailed(path: path, reason: error.reason)
    }
    do {
      try POSIXFile.syncDirectory(directoryPath)
    } catch {
      throw .writeFailed(
        path: path, reason: "the new file is in place but may not be on disk: \(error.reason)")
    }
    return (file, identity)
  }

  // MARK: - Files

  private func identity(atPath path: String) throws(StorageError) -> FileIdentity? {
    do {
      return try POSIXFile.identity(atPath: path)
    } catch {
      throw .unreadable(path: path, reason: error.reason)
    }
  }

  private func identity(of file: OpenFile, _ path: String) throws(StorageError) -> FileIdentity {
    do {
      return try POSIXFile.identity(of: file.descriptor)
    } catch {
      throw .unreadable(path: path, reason: error.reason)
    }
  }
}
