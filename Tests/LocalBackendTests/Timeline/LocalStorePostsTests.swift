import Foundation
import LocalBackend
import Models
import ReactiveTesting
import Services
import TestSupport
import Testing

@Suite struct LocalStorePostsTests {
  @Test func timelineIsNewestFirstAndLimited() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      #expect(try store.timeline().map(\.id) == Array((81...100).reversed()))
      #expect(try store.timeline(limit: 3).map(\.id) == [100, 99, 98])
      #expect(try store.timeline(limit: 0).isEmpty)
    }
  }

  @Test func sinceIdReturnsOnlyNewerPosts() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      #expect(try store.timeline(sinceId: 95).map(\.id) == [100, 99, 98, 97, 96])
      #expect(try store.timeline(sinceId: 100).isEmpty)
    }
  }

  @Test func maxIdReturnsOnlyOlderPosts() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      #expect(try store.timeline(maxId: 10).map(\.id) == Array((1...9).reversed()))
      #expect(try store.timeline(maxId: 1).isEmpty)
      #expect(try store.timeline(sinceId: 40, maxId: 50, limit: 3).map(\.id) == [49, 48, 47])
    }
  }

  @Test func pagingWithACursorVisitsEveryPostOnce() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      var cursor = TimelineCursor.none
      var seen: [Int] = []
      while true {
        let page = try store.timeline(maxId: cursor.oldestId, limit: 15)
        if page.isEmpty { break }
        seen += page.map(\.id)
        cursor = cursor.advanced(with: page)
      }
      expectEqual(seen, Array((1...100).reversed()))
      try store.generatePosts(count: 2, date: Date(timeIntervalSince1970: 1_800_000_000))
      #expect(try store.timeline(sinceId: cursor.newestId).map(\.id) == [102, 101])
    }
  }

  @Test func seedHasSixPeopleWithIncreasingDates() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      let people = try store.people()
      expectEqual(people.count, 6)
      expectEqual(people.map(\.name), people.map(\.name).sorted())
      expectEqual(Set(people), Set(StoreSeed.demoAuthors))
      let posts = try store.snapshot().posts
      expectEqual(posts.count, 100)
      #expect(zip(posts, posts.dropFirst()).allSatisfy { $0.date > $1.date && $0.id > $1.id })
    }
  }

  @Test func personPostsAreTheirsOnlyNewestFirst() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      let person = try #require(try store.people().first)
      let all = try store.snapshot().posts.filter { $0.authorId == person.id }
      #expect(all.count >= 5)
      #expect(try store.posts(byPerson: person.id, limit: 1000) == all)
      #expect(try store.posts(byPerson: person.id, limit: 2) == Array(all.prefix(2)))
      #expect(try store.posts(byPerson: person.id, maxId: all[1].id, limit: 1) == [all[2]])
      #expect(try store.posts(byPerson: 999).isEmpty)
    }
  }

  @Test func savePostsAddsNewAndReplacesExisting() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      let date = Date(timeIntervalSince1970: 1_800_000_000)
      var edited = try #require(try store.timeline(sinceId: 4, maxId: 6).first)
      edited.text = "Edited"
      let fresh = Post(id: 150, author: Person(id: 7, name: "Ada"), text: "Hello", date: date)
      try store.savePosts([fresh, edited])
      let posts = try store.snapshot().posts
      expectEqual(posts.count, 101)
      expectEqual(posts.first, fresh)
      expectEqual(posts.first { $0.id == 5 }?.text, "Edited")
      #expect(try store.people().contains(Person(id: 7, name: "Ada")))
      // Saving the same page again changes nothing a list would show.
      let before = try store.snapshot()
      try store.savePosts([fresh, edited])
      #expect(try store.snapshot().posts == before.posts)
      // New posts continue after the largest identifier.
      #expect(try store.generatePosts(date: date).map(\.id) == [151])
    }
  }

  @Test func savingOlderPostsKeepsTheOrder() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory, seed: .empty)
      let date = Date(timeIntervalSince1970: 0)
      let author = Person(id: 1, name: "A")
      try store.savePosts([10, 30].map { Post(id: $0, author: author, text: "", date: date) })
      try store.savePosts([20, 5].map { Post(id: $0, author: author, text: "", date: date) })
      #expect(try store.timeline().map(\.id) == [30, 20, 10, 5])
    }
  }

  @Test func generatedPostsAreDeterministic() throws {
    try withTemporaryDirectory { first in
      try withTemporaryDirectory { second in
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let a = try LocalStore(directory: first).generatePosts(count: 3, date: date)
        let b = try LocalStore(directory: second).generatePosts(count: 3, date: date)
        expectEqual(a, b)
        expectEqual(a.map(\.id), [103, 102, 101])
        #expect(a.allSatisfy { $0.date == date && !$0.text.isEmpty })
      }
    }
  }

  /// The change set of posts found from the identifiers changed is the one a comparison of
  /// every post finds: insertions, edits in place, posts saved unchanged (no change), older
  /// posts added in the middle; both against a snapshot of the same store and of another
  /// instance (which compares every post).
  @Test func changesFromTheChangedIdentifiersAreThoseOfComparingEveryPost() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory, seed: .demo(friendCount: 0, postCount: 50))
      let old = try store.snapshot()
      var edited = old.posts[10]
      edited.text += " (edited)"
      let date = Date(timeIntervalSince1970: 1_800_000_000)
      try store.savePosts([edited, old.posts[20], old.posts[30]])
      try store.generatePosts(count: 2, date: date)
      try store.savePosts([
        Post(id: 1_000, authorId: 1, authorName: "A", text: "newest", date: date),
        Post(id: 3, authorId: 1, authorName: "A", text: "replaced", date: date),
      ])
      let new = try store.snapshot()
      let changes = try #require(try store.changes(since: old))
      let compared = ChangeSet.compute(old: old.posts, new: new.posts)
      expectEqual(changes.posts, compared)
      expectEqual(changes.posts.insertions, [0, 1, 2])
      expectEqual(changes.posts.modifications, [13, 50])
      #expect(changes.posts.deletions.isEmpty)
      #expect(changes.friends.isEmpty)
      // From another instance's snapshot, whose history is its own: every post compared.
      let other = try LocalStore(directory: directory).snapshot()
      expectEqual(StoreChanges.between(old, other).posts, compared)
      #expect(try store.changes(since: new) == nil)
    }
  }
}
