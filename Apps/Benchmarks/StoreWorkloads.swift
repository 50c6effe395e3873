import Foundation
import LocalBackend
import Models

// The store workloads: the embedded store (`LocalStore`) with `n` posts, in a directory of its
// own under the system's temporary directory that is seeded once, untimed, and removed after
// the last pass. They measure the figures an app feels at launch and on each change: opening
// and reading the store, one acknowledged write, the change set a list view animates, and the
// occasional fold of the journal into a new snapshot.

/// S-load: opens a new `LocalStore` on a store of `n` posts and reads its posts. Times the
/// opening (which reads and decodes the file) and the read, per load.
func storeLoad(_ n: Int) throws -> PreparedWorkload {
  let directory = try seededStore(posts: n)
  return PreparedWorkload(
    pass: {
      var store: LocalStore?
      var posts: [Post] = []
      let nanoseconds = try measureThrowing {
        let opened = try LocalStore(directory: directory.url, seed: .empty)
        posts = try opened.snapshot().posts
        store = opened
      }
      // Released after the measurement: closing the store is not part of loading it.
      withExtendedLifetime(store) {}
      return Pass(nanoseconds: nanoseconds, checksum: postsChecksum(posts), steps: 1)
    }, finish: directory.remove)
}

/// S-add: one `addFriend` on an open store of `n` posts; it returns once the change is
/// appended to the journal and flushed to the disk. Times the call, per write.
func storeAddFriend(_ n: Int) throws -> PreparedWorkload {
  let directory = try seededStore(posts: n)
  let store: LocalStore
  do {
    store = try LocalStore(directory: directory.url, seed: .empty)
  } catch {
    directory.remove()
    throw error
  }
  let draft = FriendDraft(firstName: "Grace", lastName: "Hopper", phoneNumber: "555 0100")
  return PreparedWorkload(
    pass: {
      let before = try store.records(Friend.self).count
      var added: Friend?
      let nanoseconds = try measureThrowing { added = try store.add(draft) }
      let after = try store.snapshot()
      // Stays the same from pass to pass although each pass adds a friend: the posts, the one
      // friend more than before, and the fields saved.
      let checksum =
        after.posts.count &* 31 &+ (after.friends.count - before) &* 7
        &+ (added?.fullName.utf8.count ?? -1)
      return Pass(nanoseconds: nanoseconds, checksum: checksum, steps: 1)
    }, finish: directory.remove)
}

/// S-compact: one fold of the journal into a new snapshot (`compact`) on an open store of `n`
/// posts, after one untimed `addFriend` so that there is a change to fold. Times the fold: the
/// new snapshot written, flushed and renamed into place, and a new journal started.
func storeCompact(_ n: Int) throws -> PreparedWorkload {
  let directory = try seededStore(posts: n)
  let store: LocalStore
  do {
    store = try LocalStore(directory: directory.url, seed: .empty)
  } catch {
    directory.remove()
    throw error
  }
  let draft = FriendDraft(firstName: "Grace", lastName: "Hopper", phoneNumber: "555 0100")
  return PreparedWorkload(
    pass: {
      try store.add(draft)
      let nanoseconds = try measureThrowing { try store.compact() }
      let snapshotBytes =
        try FileManager.default.attributesOfItem(atPath: store.fileURL.path)[
          .size] as? Int ?? -1
      // The journal's records: its bytes before the zeros written in advance after them.
      let journalBytes = try Data(contentsOf: store.journalURL).prefix { $0 != 0 }.count
      // The same from pass to pass: the posts, and a journal holding only its header.
      let checksum =
        try store.snapshot().posts.count &* 31 &+ journalBytes &* 7
        &+ (snapshotBytes > 0 ? 1 : 0)
      return Pass(nanoseconds: nanoseconds, checksum: checksum, steps: 1)
    }, finish: directory.remove)
}

/// S-changes: the change set between two snapshots of a store of `n` posts that differ by one
/// new post (the newest) and one edited post (in the middle), as the store computes it for a
/// list view (`StoreChanges.between`). Times the computation, per change set; each pass
/// repeats it enough times to be measurable: 1,000,000 / `n` times, at least once and at most
/// 1,000 times.
func storeChanges(_ n: Int) throws -> PreparedWorkload {
  let directory = try seededStore(posts: n)
  defer { directory.remove() }
  let store = try LocalStore(directory: directory.url, seed: .empty)
  let old = try store.snapshot()
  try store.generatePosts(count: 1, date: Date(timeIntervalSince1970: 1_700_000_000))
  if !old.posts.isEmpty {
    var edited = old.posts[old.posts.count / 2]
    edited.text += " (edited)"
    try store.savePosts([edited])
  }
  let new = try store.snapshot()
  let repetitions = min(1_000, max(1, 1_000_000 / max(n, 1)))
  return PreparedWorkload(
    pass: {
      var last = 0
      let nanoseconds = measure {
        for _ in 0..<repetitions {
          last = changesChecksum(StoreChanges.between(old, new))
        }
      }
      return Pass(nanoseconds: nanoseconds, checksum: last, steps: repetitions)
    }, finish: {})
}

/// A directory under the system's temporary directory holding a store of `posts` demo posts
/// and 20 friends.
private func seededStore(posts: Int) throws -> TemporaryDirectory {
  let directory = try TemporaryDirectory()
  do {
    _ = try LocalStore(
      directory: directory.url, seed: .demo(friendCount: 20, postCount: posts))
  } catch {
    directory.remove()
    throw error
  }
  return directory
}

/// Folds the identifier and text length of every post, in order, into one number.
func postsChecksum(_ posts: [Post]) -> Int {
  var checksum = posts.count
  for post in posts {
    checksum = checksum &* 31 &+ post.id &* 7 &+ post.text.utf8.count
  }
  return checksum
}

/// Folds the positions of a change report's post changes and the new post count into one number.
private func changesChecksum(_ changes: StoreChanges) -> Int {
  var checksum = changes.snapshot.posts.count
  for position in changes.posts.deletions { checksum = checksum &* 31 &+ 1_000_003 &+ position }
  for position in changes.posts.insertions { checksum = checksum &* 31 &+ 2_000_003 &+ position }
  for position in changes.posts.modifications {
    checksum = checksum &* 31 &+ 3_000_003 &+ position
  }
  return checksum &* 31 &+ (changes.friends.isEmpty ? 0 : 1)
}

/// A new, empty directory of its own under the system's temporary directory.
final class TemporaryDirectory: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "friends-benchmarks-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
  }

  /// Removes the directory and everything in it; a failure is reported, not fatal.
  func remove() {
    do {
      try FileManager.default.removeItem(at: url)
    } catch {
      printError("benchmarks: could not remove \(url.path): \(error.localizedDescription)")
    }
  }
}

/// For each size, the store workloads S-load, S-add, S-changes and S-compact.
func storeWorkloads(sizes: [(label: String, posts: Int)]) -> [Workload] {
  sizes.map { size in
    Workload.prepared(
      "S-load-\(size.label)", size: size.posts, unit: "load",
      "open a LocalStore of n posts and read its posts", prepare: storeLoad)
  }
    + sizes.map { size in
      Workload.prepared(
        "S-add-\(size.label)", size: size.posts, unit: "write",
        "one acknowledged addFriend on a store of n posts", prepare: storeAddFriend)
    }
    + sizes.map { size in
      Workload.prepared(
        "S-changes-\(size.label)", size: size.posts, unit: "diff",
        "posts change set: 1 insertion, 1 edit among n posts", prepare: storeChanges)
    }
    + sizes.map { size in
      Workload.prepared(
        "S-compact-\(size.label)", size: size.posts, unit: "fold",
        "fold the journal into a new snapshot of n posts", prepare: storeCompact)
    }
}
