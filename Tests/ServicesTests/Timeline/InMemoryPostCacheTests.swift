import Foundation
import Models
import ReactiveCore
import ReactiveTesting
import Services
import Testing

/// A post by one of two authors, dated by its identifier.
private func post(_ id: Int, _ text: String = "hello") -> Post {
  Post(
    id: id, author: Person(id: id % 2 + 1, name: id % 2 == 0 ? "Ann" : "Bo"), text: "\(text) \(id)",
    date: Date(timeIntervalSince1970: 1_700_000_000 + Double(id)))
}

/// Every snapshot `cache.contents` delivers while subscribed, as an array that grows.
private final class SnapshotRecorder: @unchecked Sendable {
  // Written by the cache's emissions, which these synchronous tests make on their own thread.
  private(set) var snapshots: [CollectionSnapshot<Post>] = []
  private var subscription: Disposable?

  init(_ cache: InMemoryPostCache) {
    subscription = cache.contents.subscribe(onNext: { [unowned self] in snapshots.append($0) })
  }

  func stop() { subscription?.dispose() }
}

/// Subscribes `completable` and returns how it ended.
private func outcome(_ completable: Completable) -> [String] {
  var events: [String] = []
  _ = completable.subscribe(
    onCompleted: { events.append("completed") }, onError: { events.append("error(\($0))") })
  return events
}

/// Runs `work` on a thread of its own and says whether it returned within `seconds`, so that a
/// deadlock fails the test instead of hanging it.
private func returns(within seconds: Double, _ work: @escaping @Sendable () -> Void) -> Bool {
  let done = DispatchSemaphore(value: 0)
  Thread {
    work()
    done.signal()
  }.start()
  return done.wait(timeout: .now() + seconds) == .success
}

/// What two subscribers of a cache received, the first of which saves again from its handler.
private final class ReentrantSaves: @unchecked Sendable {
  // Written on the thread that saves; read after `returns(within:)` says it finished.
  var saver: [[Int]] = []
  var watcher: [[Int]] = []
  var saveOutcomes: [[String]] = []
}

@Suite struct InMemoryPostCacheTests {
  @Test func aSubscriberThatSavesFromItsHandlerGetsItsSaveAndEverySubscriberSeesTheOrder() {
    let cache = InMemoryPostCache()
    let seen = ReentrantSaves()
    let finished = returns(within: 20) {
      // On the first post, the first subscriber saves the second one from its handler.
      let saver = cache.contents.subscribe(onNext: { snapshot in
        seen.saver.append(snapshot.elements.map(\.id))
        if snapshot.elements.map(\.id) == [1] {
          seen.saveOutcomes.append(outcome(cache.save([post(2)])))
        }
      })
      let watcher = cache.contents.subscribe(onNext: { snapshot in
        seen.watcher.append(snapshot.elements.map(\.id))
      })
      seen.saveOutcomes.append(outcome(cache.save([post(1)])))
      saver.dispose()
      watcher.dispose()
    }
    #expect(finished, "a save from a subscriber's handler deadlocked")
    guard finished else { return }
    expectEqual(seen.saveOutcomes, [["completed"], ["completed"]])
    expectEqual(seen.saver, [[], [1], [2, 1]])
    expectEqual(seen.watcher, [[], [1], [2, 1]])
  }

  @Test func contentsStartWithTheInitialPostsNewestFirstAndNoChanges() {
    let cache = InMemoryPostCache(posts: [post(3), post(7), post(5)])
    let recorder = SnapshotRecorder(cache)
    defer { recorder.stop() }
    expectEqual(
      recorder.snapshots,
      [
        CollectionSnapshot(elements: [post(7), post(5), post(3)], changes: nil)
      ])
  }

  @Test func anEmptyCacheStartsEmpty() {
    let recorder = SnapshotRecorder(InMemoryPostCache())
    defer { recorder.stop() }
    expectEqual(recorder.snapshots, [CollectionSnapshot(elements: [], changes: nil)])
  }

  @Test func savingMergesByIdNewestFirstWithTheExactChanges() {
    let cache = InMemoryPostCache(posts: [post(10), post(8), post(6)])
    let recorder = SnapshotRecorder(cache)
    defer { recorder.stop() }

    // 11 and 9 are new, 8 is edited, 6 is saved again unchanged.
    expectEqual(
      outcome(cache.save([post(9), post(8, "edited"), post(11), post(6)])), ["completed"])
    expectEqual(recorder.snapshots.count, 2)
    expectEqual(
      recorder.snapshots.last,
      CollectionSnapshot(
        elements: [post(11), post(10), post(9), post(8, "edited"), post(6)],
        changes: ChangeSet(insertions: [0, 2], modifications: [3])))

    // An older post goes to the end.
    expectEqual(outcome(cache.save([post(2)])), ["completed"])
    expectEqual(
      recorder.snapshots.last,
      CollectionSnapshot(
        elements: [post(11), post(10), post(9), post(8, "edited"), post(6), post(2)],
        changes: ChangeSet(insertions: [5])))
    expectEqual(recorder.snapshots.count, 3)
  }

  @Test func theLastCopyOfAPostInOneSaveWins() {
    let cache = InMemoryPostCache()
    let recorder = SnapshotRecorder(cache)
    defer { recorder.stop() }
    expectEqual(outcome(cache.save([post(1, "first"), post(1, "second")])), ["completed"])
    expectEqual(
      recorder.snapshots.last,
      CollectionSnapshot(elements: [post(1, "second")], changes: ChangeSet(insertions: [0])))
  }

  @Test func savingWhatIsAlreadyThereEmitsNothing() {
    let cache = InMemoryPostCache(posts: [post(2), post(1)])
    let recorder = SnapshotRecorder(cache)
    defer { recorder.stop() }
    expectEqual(outcome(cache.save([post(1), post(2)])), ["completed"])
    expectEqual(outcome(cache.save([])), ["completed"])
    expectEqual(
      recorder.snapshots, [CollectionSnapshot(elements: [post(2), post(1)], changes: nil)])
  }

  @Test func nothingIsSavedUntilTheCompletableIsSubscribed() {
    let cache = InMemoryPostCache(posts: [post(1)])
    let recorder = SnapshotRecorder(cache)
    defer { recorder.stop() }
    let save = cache.save([post(2)])
    expectEqual(recorder.snapshots.count, 1)
    expectEqual(outcome(save), ["completed"])
    expectEqual(recorder.snapshots.map(\.elements), [[post(1)], [post(2), post(1)]])
    // Subscribing again saves again, which changes nothing the second time.
    expectEqual(outcome(save), ["completed"])
    expectEqual(recorder.snapshots.count, 2)
  }

  @Test func aLateSubscriberStartsFromTheCurrentPostsWithNoChanges() {
    let cache = InMemoryPostCache(posts: [post(1)])
    expectEqual(outcome(cache.save([post(3), post(2)])), ["completed"])
    let recorder = SnapshotRecorder(cache)
    defer { recorder.stop() }
    // Its first value is its starting point: no change set refers to a list it never had.
    expectEqual(
      recorder.snapshots,
      [
        CollectionSnapshot(elements: [post(3), post(2), post(1)], changes: nil)
      ])
    expectEqual(outcome(cache.save([post(4)])), ["completed"])
    expectEqual(recorder.snapshots.last?.changes, ChangeSet(insertions: [0]))
  }
}
