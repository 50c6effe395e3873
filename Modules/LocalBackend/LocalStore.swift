import Authentication
import Cryptography
import Foundation
import Models
import Store
import Synchronization

/// The app's embedded backend: account, friends and posts in a ``JournalStore``, shared
/// safely by every process that opens the same directory.
///
/// The directory holds `store.json` (the snapshot: all the data at one generation, see
/// ``FriendsSchema`` for its text), `store.journal` (one line per change since the snapshot),
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
/// **Bad files are kept**: a file that is damaged, cannot be read, or has an unknown
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
  /// The name of the snapshot inside the directory.
  public static let fileName = "store.json"
  /// The name of the journal inside the directory.
  public static let journalFileName = "store.journal"
  /// The name of the lock file inside the directory.
  public static let lockFileName = "store.lock"
  /// The name of the file a new snapshot is prepared in before it replaces the old one.
  public static let temporaryFileName = "store.json.tmp"
  /// The version of the file format this code reads and writes.
  public static let schemaVersion = FriendsSchema.version

  /// The directory holding the store's files.
  public let directory: URL
  /// The snapshot, `store.json` in ``directory``.
  public let fileURL: URL
  /// The journal, `store.journal` in ``directory``.
  public let journalURL: URL

  private let store: JournalStore<FriendsSchema>
  /// Counts wrong passwords per email address (in this process).
  private let throttle: LoginThrottle<String>
  /// What ``reloadIfChanged()`` reported last.
  private let reported = Mutex<StoreSnapshot?>(nil)

  /// Opens the store in `directory`, creating the directory and seeding the store with
  /// `seed` when `store.json` does not exist. `options` say when the journal is folded;
  /// `throttle` when wrong passwords make ``logIn(email:password:)`` wait (tests pass one
  /// on a clock they move by hand).
  ///
  /// A snapshot of a version that kept the password in plain text is migrated to a password
  /// hash, and the copies of older versions the migration keeps beside it are deleted, since
  /// they hold the password too.
  ///
  /// - Throws: ``StoreError`` when the directory cannot be created or the files cannot be
  ///   read as a store. A bad file is left as it is.
  public init(
    directory: URL, seed: StoreSeed = .demo, options: StoreOptions = StoreOptions(),
    throttle: LoginThrottle<String> = LoginThrottle()
  ) throws(StoreError) {
    self.throttle = throttle
    do {
      store = try JournalStore(
        directory: directory, name: "store", options: options,
        initialState: { StoreFile(seed: seed) })
    } catch {
      throw StoreError(storage: error)
    }
    self.directory = store.directory
    fileURL = URL(fileURLWithPath: store.snapshotPath, isDirectory: false)
    journalURL = URL(fileURLWithPath: store.journalPath, isDirectory: false)
    for version in 1..<FriendsSchema.passwordHashVersion {
      try? FileManager.default.removeItem(atPath: store.snapshotPath + ".v\(version)")
    }
    let opened = try snapshot()
    reported.withLock { $0 = opened }
  }

  // MARK: - Account

  /// Whether the account is signed in.
  public func accountStatus() throws(StoreError) -> AccountStatus {
    try read { file in file.accountStatus }
  }

  /// Signs in when `email` (ignoring case and surrounding spaces) and `password` match
  /// the account. The password is checked against the stored PBKDF2 hash, in constant time,
  /// without holding the store's lock; it is checked even when the email is wrong, so that
  /// the time taken does not say which addresses have an account.
  ///
  /// After too many wrong passwords for one address (see `LoginThrottle`), attempts for it
  /// are refused without checking the password until the wait is over.
  ///
  /// - Returns: The account.
  /// - Throws: ``StoreError/wrongPassword`` when either does not match, or
  ///   ``StoreError/tooManyAttempts(retryAfter:)`` during a wait; nothing changes.
  @discardableResult
  public func logIn(email: String, password: String) throws(StoreError) -> Account {
    let (account, hash) = try checkCredentials(email: email, password: password)
    return try modify { (file: StoreFile) throws(StoreError) in
      // Another process may have changed the account while the password was checked.
      guard file.account == account, file.passwordHash == hash else { throw .wrongPassword }
      return (.logIn, file.account)
    }
  }

  /// Checks `email` and `password` as ``logIn(email:password:)`` does, throttle included,
  /// without signing anyone in: for a server that keeps its own sessions.
  ///
  /// - Returns: The account they belong to.
  /// - Throws: ``StoreError/wrongPassword`` or ``StoreError/tooManyAttempts(retryAfter:)``.
  public func verifyCredentials(email: String, password: String) throws(StoreError) -> Account {
    try checkCredentials(email: email, password: password).account
  }

  private func checkCredentials(
    email: String, password: String
  ) throws(StoreError) -> (account: Account, hash: PasswordHash) {
    let email = email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    if case .wait(let seconds) = throttle.check(email) {
      throw .tooManyAttempts(retryAfter: seconds)
    }
    let (account, hash) = try read { file in (file.account, file.passwordHash) }
    let passwordMatches = hash.verify(password)
    guard email == account.email.lowercased(), passwordMatches else {
      throttle.recordFailure(for: email)
      throw .wrongPassword
    }
    throttle.recordSuccess(for: email)
    return (account, hash)
  }

  /// Signs out. Signing out when nobody is signed in is not an error.
  public func logOut() throws(StoreError) {
    try modify { _ in (.logOut, ()) }
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
      return (.addFriend(friend), friend)
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
    return try modify { (file: StoreFile) throws(StoreError) in
      guard file.friends.contains(where: { $0.id == saved.id }) else {
        throw .notFound(saved.id)
      }
      return (.updateFriend(saved), saved)
    }
  }

  /// Removes the friend with this identifier. Identifiers are never given out again.
  ///
  /// - Throws: ``StoreError/notFound(_:)`` when there is no such friend.
  public func removeFriend(id: Int) throws(StoreError) {
    try modify { (file: StoreFile) throws(StoreError) in
      guard file.friends.contains(where: { $0.id == id }) else {
        throw .notFound(id)
      }
      return (.removeFriend(id: id), ())
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
    let posts = posts.map(\.storeRounded)
    try modify { _ in (.savePosts(posts), ()) }
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
      return (.savePosts(posts), posts)
    }
  }

  // MARK: - Changes

  /// The store's contents now.
  public func snapshot() throws(StoreError) -> StoreSnapshot {
    try store.read { (file: StoreFile, generation: Int) throws(StoreError) in
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
    do {
      try store.compact()
    } catch {
      throw StoreError(storage: error)
    }
  }

  // MARK: - Reading and writing

  /// Runs `body` with the newest data.
  private func read<Result>(
    _ body: (StoreFile) throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    try store.read { (file: StoreFile, _: Int) throws(StoreError) -> Result in try body(file) }
  }

  /// Asks `change` for the change to make to the newest data, and saves it. When `change`
  /// throws, nothing is written.
  private func modify<Result>(
    _ change: (StoreFile) throws(StoreError) -> (FriendsSchema.Change, Result)
  ) throws(StoreError) -> Result {
    try store.write {
      (file: StoreFile) throws(StoreError) -> (change: FriendsSchema.Change?, result: Result) in
      let (made, result) = try change(file)
      return (made, result)
    }
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
