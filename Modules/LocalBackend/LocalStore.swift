import Foundation
import Models

/// The app's embedded backend: account, friends and posts in one JSON file, shared safely
/// by every process that opens the same directory.
///
/// The directory holds `store.json` (the data, see the file format below), `store.lock`
/// (taken by writers) and, only while a write is under way, `store.json.tmp`.
///
/// **Writes** (every method that changes data) take an exclusive `flock` on `store.lock`,
/// re-read `store.json` if another process replaced it, apply the change to the newest
/// data, write the result to `store.json.tmp`, flush it to the disk, rename it over
/// `store.json`, flush the directory and release the lock. Two processes therefore never
/// lose each other's changes, a reader never sees a half-written file, and a write that
/// returned is on the disk even if the process is killed right after.
///
/// **Reads** compare the file's identity (device, inode, size, modification time) with
/// the version in memory and load the file again only when it was replaced, so they see
/// every write, including those of other processes, at the cost of one `stat`.
///
/// **Bad files are kept**: a file that is not valid JSON, cannot be read, or has an unknown
/// `schemaVersion` makes every read and write throw a ``StoreError`` naming the file and
/// the problem; the store never writes over it.
///
/// **Threads**: every method may be called from any thread. Calls on one instance run one
/// at a time; they block on disk I/O and on other processes' writes, so call them off the
/// main thread in an interactive app.
///
/// **Changes**: ``reloadIfChanged()`` reports what changed (friends and posts as
/// ``ChangeSet``s) since its previous call, whoever made the change; ``changes(since:)``
/// does the same against any earlier ``snapshot()``.
public final class LocalStore: Sendable {
  /// The name of the data file inside the directory.
  public static let fileName = "store.json"
  /// The name of the lock file inside the directory.
  public static let lockFileName = "store.lock"
  /// The name of the file a write is prepared in before it replaces the data file.
  public static let temporaryFileName = "store.json.tmp"
  /// The version of the file format this code reads and writes.
  public static let schemaVersion = StoreFile.currentSchemaVersion

  /// The directory holding the store's files.
  public let directory: URL
  /// The data file, `store.json` in ``directory``.
  public let fileURL: URL

  private let path: String
  private let directoryPath: String
  private let lockPath: String
  private let temporaryPath: String
  private let seed: StoreSeed
  private let state: Locked<State>

  private struct State {
    /// The open `store.lock`, for `flock`.
    var lockDescriptor: Int32
    /// The data of the version last loaded or written.
    var file: StoreFile?
    /// The identity of that version's file.
    var identity: FileIdentity?
    /// That version's file, kept open so that its inode number is not reused.
    var pinnedDescriptor: Int32 = -1
    /// What ``reloadIfChanged()`` reported last.
    var reported: StoreSnapshot?
  }

  /// Opens the store in `directory`, creating the directory and seeding the store with
  /// `seed` when `store.json` does not exist.
  ///
  /// - Throws: ``StoreError`` when the directory cannot be created or the file cannot be
  ///   read as a store. A bad file is left as it is.
  public init(directory: URL, seed: StoreSeed = .demo) throws(StoreError) {
    self.directory = directory.standardizedFileURL
    fileURL = self.directory.appendingPathComponent(Self.fileName, isDirectory: false)
    directoryPath = self.directory.path
    path = fileURL.path
    lockPath = self.directory.appendingPathComponent(Self.lockFileName).path
    temporaryPath = self.directory.appendingPathComponent(Self.temporaryFileName).path
    self.seed = seed
    do {
      try FileManager.default.createDirectory(
        at: self.directory, withIntermediateDirectories: true)
    } catch {
      throw .writeFailed(
        path: directoryPath,
        reason: "the directory could not be created: \(error.localizedDescription)")
    }
    let lockDescriptor: Int32
    do {
      lockDescriptor = try POSIXFile.openLockFile(lockPath)
    } catch {
      throw .writeFailed(path: lockPath, reason: error.reason)
    }
    state = Locked(State(lockDescriptor: lockDescriptor))
    try state.withLock { (state: inout State) throws(StoreError) in
      try removeStaleTemporaryFile(&state)
      state.reported = try current(&state).snapshot
    }
  }

  deinit {
    state.withLock { state in
      POSIXFile.close(state.lockDescriptor)
      if state.pinnedDescriptor >= 0 { POSIXFile.close(state.pinnedDescriptor) }
    }
  }

  // MARK: - Account

  /// Whether the account is signed in.
  public func accountStatus() throws(StoreError) -> AccountStatus {
    try read { file in file.snapshot.accountStatus }
  }

  /// Signs in when `email` (ignoring case and surrounding spaces) and `password` match
  /// the account.
  ///
  /// - Returns: The account.
  /// - Throws: ``StoreError/wrongPassword`` when either does not match; nothing changes.
  @discardableResult
  public func logIn(email: String, password: String) throws(StoreError) -> Account {
    let email = email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    return try modify { (file: inout StoreFile) throws(StoreError) in
      guard email == file.account.email.lowercased(), password == file.password else {
        throw .wrongPassword
      }
      file.loggedIn = true
      return file.account
    }
  }

  /// Signs out. Signing out when nobody is signed in is not an error.
  public func logOut() throws(StoreError) {
    try modify { file in file.loggedIn = false }
  }

  /// Asks for a password reset link for `email`.
  ///
  /// The embedded backend sends no mail and records nothing: it accepts every valid
  /// address, whether or not it belongs to the account, as a real service would to avoid
  /// revealing which addresses have accounts.
  ///
  /// - Throws: ``StoreError/invalidInput(_:)`` when the address is not valid.
  public func requestPasswordReset(email: String) throws(StoreError) {
    if case .invalid(let message) = Validation.email(email) {
      throw .invalidInput(message)
    }
  }

  // MARK: - Friends

  /// All friends, sorted by last name, then first name.
  public func friends() throws(StoreError) -> [Friend] {
    try read { file in file.friends }
  }

  /// The friend with this identifier.
  ///
  /// - Throws: ``StoreError/notFound(_:)`` when there is none.
  public func friend(id: Int) throws(StoreError) -> Friend {
    try read { (file: StoreFile) throws(StoreError) in
      guard let friend = file.friends.first(where: { $0.id == id }) else {
        throw .notFound(id)
      }
      return friend
    }
  }

  /// The friends whose first name, last name or full name ("first last" or "last first")
  /// contains `query`, ignoring case, accents and surrounding spaces, in list order. An
  /// empty query matches everyone.
  public func searchFriends(matching query: String) throws(StoreError) -> [Friend] {
    let query = query.trimmingCharacters(in: .whitespacesAndNewlines)
    return try read { file in
      guard !query.isEmpty else { return file.friends }
      let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
      return file.friends.filter { friend in
        [friend.fullName, "\(friend.lastName) \(friend.firstName)"].contains {
          $0.range(of: query, options: options) != nil
        }
      }
    }
  }

  /// Adds a friend, trimming surrounding spaces from each field.
  ///
  /// - Returns: The new friend, with the identifier the store gave it.
  /// - Throws: ``StoreError/invalidInput(_:)`` when a field breaks its rule (see
  ///   `FriendDraft.validation`); nothing changes.
  @discardableResult
  public func addFriend(_ draft: FriendDraft) throws(StoreError) -> Friend {
    let draft = try Self.validated(draft)
    return try modify { file in
      let friend = Friend(id: file.nextFriendId, draft: draft)
      file.nextFriendId += 1
      file.insertSorted(friend)
      return friend
    }
  }

  /// Replaces the fields of the friend with `friend.id`, trimming surrounding spaces.
  ///
  /// - Returns: The friend as saved.
  /// - Throws: ``StoreError/notFound(_:)`` when there is no such friend,
  ///   ``StoreError/invalidInput(_:)`` when a field breaks its rule; nothing changes.
  @discardableResult
  public func updateFriend(_ friend: Friend) throws(StoreError) -> Friend {
    let saved = Friend(id: friend.id, draft: try Self.validated(friend.draft))
    return try modify { (file: inout StoreFile) throws(StoreError) in
      guard let index = file.friends.firstIndex(where: { $0.id == saved.id }) else {
        throw .notFound(saved.id)
      }
      file.friends.remove(at: index)
      file.insertSorted(saved)
      return saved
    }
  }

  /// Removes the friend with this identifier. Identifiers are never given out again.
  ///
  /// - Throws: ``StoreError/notFound(_:)`` when there is no such friend.
  public func removeFriend(id: Int) throws(StoreError) {
    try modify { (file: inout StoreFile) throws(StoreError) in
      guard let index = file.friends.firstIndex(where: { $0.id == id }) else {
        throw .notFound(id)
      }
      file.friends.remove(at: index)
    }
  }

  // MARK: - Posts

  /// One page of the timeline, newest first.
  ///
  /// - Parameters:
  ///   - sinceId: When set, only posts with a larger identifier (newer than what was seen).
  ///   - maxId: When set, only posts with a smaller identifier (older than what was seen).
  ///   - limit: The most posts to return; the newest matching posts are kept.
  public func timeline(
    sinceId: Int? = nil, maxId: Int? = nil, limit: Int = 20
  ) throws(StoreError) -> [Post] {
    try read { file in
      Self.page(of: file.posts, sinceId: sinceId, maxId: maxId, limit: limit, authorId: nil)
    }
  }

  /// One page of one person's posts, newest first; the parameters are those of
  /// ``timeline(sinceId:maxId:limit:)``.
  public func posts(
    byPerson personId: Int, sinceId: Int? = nil, maxId: Int? = nil, limit: Int = 20
  ) throws(StoreError) -> [Post] {
    try read { file in
      Self.page(
        of: file.posts, sinceId: sinceId, maxId: maxId, limit: limit, authorId: personId)
    }
  }

  /// Everyone who wrote a post, sorted by name, each with the name of their newest post.
  public func people() throws(StoreError) -> [Person] {
    try read { file in
      var seen = Set<Int>()
      var people: [Person] = []
      for post in file.posts where seen.insert(post.authorId).inserted {
        people.append(post.author)
      }
      return people.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
    }
  }

  /// Saves posts: a post whose identifier is new is added, one whose identifier exists
  /// replaces the stored post. Saving posts that are already stored changes nothing on
  /// screen, so a fetched page can be saved without checking what is new. Dates are kept
  /// to the nearest millisecond.
  public func savePosts(_ posts: [Post]) throws(StoreError) {
    guard !posts.isEmpty else { return }
    try modify { file in Self.merge(posts, into: &file) }
  }

  /// Adds `count` new demo posts dated `date`, as if other people had just written them.
  ///
  /// Identifiers continue after the largest one in use; the author and text follow from the
  /// identifier (see ``StoreSeed/demoPost(id:date:)``), so the result depends only on the
  /// store's contents and `date`.
  ///
  /// - Returns: The new posts, newest first.
  @discardableResult
  public func generatePosts(count: Int = 1, date: Date) throws(StoreError) -> [Post] {
    guard count > 0 else { return [] }
    return try modify { file in
      let first = file.nextPostId
      let posts = (first..<first + count).reversed().map { id in
        StoreSeed.demoPost(id: id, date: date).storeRounded
      }
      Self.merge(posts, into: &file)
      return posts
    }
  }

  // MARK: - Changes

  /// The store's contents now.
  public func snapshot() throws(StoreError) -> StoreSnapshot {
    try read { file in file.snapshot }
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
    let (old, new) = try state.withLock {
      (state: inout State) throws(StoreError) -> (StoreSnapshot?, StoreSnapshot) in
      let new = try current(&state).snapshot
      let old = state.reported
      state.reported = new
      return (old, new)
    }
    guard let old, old.generation != new.generation else { return nil }
    return StoreChanges.between(old, new)
  }

  // MARK: - Reading and writing the file

  /// Runs `body` with the newest data.
  private func read<Result>(
    _ body: (StoreFile) throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    try state.withLock { (state: inout State) throws(StoreError) -> Result in
      try body(try current(&state))
    }
  }

  /// Applies `change` to the newest data and saves the result; see the type's
  /// documentation for the steps. When `change` throws, nothing is written.
  private func modify<Result>(
    _ change: (inout StoreFile) throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    try state.withLock { (state: inout State) throws(StoreError) -> Result in
      try exclusively(&state) { (state: inout State) throws(StoreError) -> Result in
        var file = try loadIfReplaced(&state) ? state.file! : StoreFile(seed: seed)
        let result = try change(&file)
        file.generation += 1
        try save(file, &state)
        return result
      }
    }
  }

  /// The newest data, seeding the store first if its file does not exist.
  private func current(_ state: inout State) throws(StoreError) -> StoreFile {
    if try loadIfReplaced(&state) { return state.file! }
    try exclusively(&state) { (state: inout State) throws(StoreError) in
      // Another process may have created the file since it was found missing.
      if try !loadIfReplaced(&state) {
        var file = StoreFile(seed: seed)
        file.generation += 1
        try save(file, &state)
      }
    }
    return state.file!
  }

  /// Runs `body` holding the exclusive lock of `store.lock`.
  private func exclusively<Result>(
    _ state: inout State, _ body: (inout State) throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    do {
      try POSIXFile.lockExclusive(state.lockDescriptor)
    } catch {
      throw .writeFailed(path: lockPath, reason: error.reason)
    }
    defer { POSIXFile.unlock(state.lockDescriptor) }
    return try body(&state)
  }

  /// A write leaves `store.json.tmp` only when its process died during the write. Any
  /// such file is removed here, under the lock, where no live write can be using it.
  private func removeStaleTemporaryFile(_ state: inout State) throws(StoreError) {
    try exclusively(&state) { _ in POSIXFile.removeIfPresent(temporaryPath) }
  }

  /// Loads `store.json` when it is not the version in memory.
  ///
  /// - Returns: `false` when the file does not exist.
  private func loadIfReplaced(_ state: inout State) throws(StoreError) -> Bool {
    let identity: FileIdentity?
    do {
      identity = try POSIXFile.identity(atPath: path)
    } catch {
      throw .unreadable(path: path, reason: error.reason)
    }
    guard let identity else { return false }
    if identity == state.identity, state.file != nil { return true }

    let descriptor: Int32
    do {
      descriptor = try POSIXFile.openForReading(path)
    } catch  where error.isNoSuchFile {
      return false
    } catch {
      throw .unreadable(path: path, reason: error.reason)
    }
    let opened: FileIdentity
    let bytes: [UInt8]
    do {
      opened = try POSIXFile.identity(of: descriptor)
      bytes = try POSIXFile.readAll(descriptor, sizeHint: Int(opened.size))
    } catch {
      POSIXFile.close(descriptor)
      throw .unreadable(path: path, reason: error.reason)
    }
    var file: StoreFile
    do {
      file = try StoreFileFormat.decode(bytes, path: path)
    } catch {
      POSIXFile.close(descriptor)
      throw error
    }
    file.normalize()
    adopt(file, identity: opened, descriptor: descriptor, into: &state)
    return true
  }

  /// Writes `file` to the temporary file, flushes it and renames it over `store.json`.
  /// Call with the exclusive lock held.
  private func save(_ file: StoreFile, _ state: inout State) throws(StoreError) {
    let data = StoreFileFormat.encode(file)
    let descriptor: Int32
    do {
      descriptor = try POSIXFile.createForWriting(temporaryPath)
    } catch {
      throw .writeFailed(path: path, reason: "\(Self.temporaryFileName): \(error.reason)")
    }
    let identity: FileIdentity
    do {
      try POSIXFile.writeAll(descriptor, data)
      try POSIXFile.sync(descriptor)
      identity = try POSIXFile.identity(of: descriptor)
      try POSIXFile.rename(temporaryPath, over: path)
    } catch {
      POSIXFile.close(descriptor)
      POSIXFile.removeIfPresent(temporaryPath)
      throw .writeFailed(path: path, reason: error.reason)
    }
    adopt(file, identity: identity, descriptor: descriptor, into: &state)
    do {
      try POSIXFile.syncDirectory(directoryPath)
    } catch {
      throw .writeFailed(
        path: path, reason: "the new data is in place but may not be on disk: \(error.reason)")
    }
  }

  /// Makes `file` the version in memory.
  private func adopt(
    _ file: StoreFile, identity: FileIdentity, descriptor: Int32, into state: inout State
  ) {
    if state.pinnedDescriptor >= 0 { POSIXFile.close(state.pinnedDescriptor) }
    state.pinnedDescriptor = descriptor
    state.identity = identity
    state.file = file
  }

  // MARK: - Pure helpers

  private static func validated(_ draft: FriendDraft) throws(StoreError) -> FriendDraft {
    let draft = draft.trimmed
    if case .invalid(let message) = draft.validation {
      throw .invalidInput(message)
    }
    return draft
  }

  /// Selects a page from posts sorted newest first.
  static func page(
    of posts: [Post], sinceId: Int?, maxId: Int?, limit: Int, authorId: Int?
  ) -> [Post] {
    guard limit > 0 else { return [] }
    var start = posts.startIndex
    if let maxId {
      // The first post older than `maxId`: identifiers decrease along the array.
      var low = posts.startIndex
      var high = posts.endIndex
      while low < high {
        let middle = (low + high) / 2
        if posts[middle].id < maxId { high = middle } else { low = middle + 1 }
      }
      start = low
    }
    var page: [Post] = []
    for post in posts[start...] {
      if let sinceId, post.id <= sinceId { break }
      if let authorId, post.authorId != authorId { continue }
      page.append(post)
      if page.count == limit { break }
    }
    return page
  }

  /// Adds or replaces posts, keeping the newest-first order.
  static func merge(_ incoming: [Post], into file: inout StoreFile) {
    var byId = [Int: Post](minimumCapacity: incoming.count)
    for post in incoming { byId[post.id] = post.storeRounded }
    let newestStored = file.posts.first?.id ?? Int.min
    if byId.keys.allSatisfy({ $0 > newestStored }) {
      // The common case: only newer posts. Put them in front.
      file.posts.insert(contentsOf: byId.values.sorted { $0.id > $1.id }, at: 0)
    } else {
      for index in file.posts.indices {
        if let replacement = byId.removeValue(forKey: file.posts[index].id) {
          file.posts[index] = replacement
        }
      }
      if !byId.isEmpty {
        file.posts.append(contentsOf: byId.values)
        file.posts.sort { $0.id > $1.id }
      }
    }
    file.nextPostId = max(file.nextPostId, (file.posts.first?.id ?? 0) + 1)
  }
}
