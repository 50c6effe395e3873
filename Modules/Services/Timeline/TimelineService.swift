import Models
import ReactiveCore

/// Pages of posts and the people who write them.
public protocol TimelineService: AnyObject {
  /// Up to `limit` posts newer than `cursor.newestId` (all recent ones for `.none`), newest
  /// first.
  func timeline(after cursor: TimelineCursor, limit: Int) -> Single<[Post]>
  /// Up to `limit` posts older than `cursor.oldestId` (the newest ones for `nil`), newest
  /// first: the page before the oldest post seen, to page back in history.
  func timeline(before cursor: TimelineCursor, limit: Int) -> Single<[Post]>
  /// Up to `limit` posts of `person` newer than `cursor.newestId`, newest first.
  func posts(of person: Person, after cursor: TimelineCursor, limit: Int) -> Single<[Post]>
  /// Up to `limit` posts of `person` older than `cursor.oldestId` (the newest ones for `nil`),
  /// newest first: the page before the oldest of their posts seen.
  func posts(of person: Person, before cursor: TimelineCursor, limit: Int) -> Single<[Post]>
  /// The people whose posts make the timeline.
  func people() -> Single<[Person]>
  /// Tells the service, while subscribed, that a timeline is being watched; it never emits.
  /// A service with a live demo writes its posts only while some watch lasts; the others
  /// ignore it.
  func watchTimeline() -> Observable<Never>
}

extension TimelineService {
  /// Nothing to do while a timeline is watched.
  public func watchTimeline() -> Observable<Never> { .never() }
}
