/// How far a timeline has been read: the newest and the oldest post identifiers seen so far.
///
/// A fetcher asks for posts newer than ``newestId`` to get what arrived since the last
/// fetch, and for posts older than ``oldestId`` to page back in history, so the same posts
/// are not fetched twice. Fold each fetched page into the cursor with
/// ``advanced(with:)`` (or ``advance(_:with:)`` as a `scan` accumulator), starting from
/// ``none``.
public struct TimelineCursor: Sendable, Codable, Hashable {
  /// The largest post identifier seen, or `nil` before any post was seen.
  public var newestId: Int?
  /// The smallest post identifier seen, or `nil` before any post was seen.
  public var oldestId: Int?

  /// Creates a cursor from the newest and oldest identifiers seen.
  public init(newestId: Int?, oldestId: Int?) {
    self.newestId = newestId
    self.oldestId = oldestId
  }

  /// The cursor before anything was fetched.
  ///
  /// Where the type could be read as `Optional<TimelineCursor>`, write
  /// `TimelineCursor.none` in full: a bare `.none` would mean `nil` there.
  public static let none = TimelineCursor(newestId: nil, oldestId: nil)

  /// The cursor after a page with these post identifiers was fetched: the newest is the
  /// larger of the current newest and the page's largest, the oldest the smaller of the
  /// current oldest and the page's smallest. An empty page leaves the cursor unchanged.
  public func advanced<Identifiers: Sequence<Int>>(withIds ids: Identifiers) -> TimelineCursor {
    var result = self
    for id in ids {
      result.newestId = Swift.max(result.newestId ?? id, id)
      result.oldestId = Swift.min(result.oldestId ?? id, id)
    }
    return result
  }

  /// The cursor after `page` was fetched; see ``advanced(withIds:)``.
  public func advanced(with page: [Post]) -> TimelineCursor {
    advanced(withIds: page.lazy.map(\.id))
  }

  /// The cursor after `page` was fetched, in the shape `scan(_:accumulator:)` expects:
  /// `posts.scan(TimelineCursor.none, accumulator: TimelineCursor.advance)`.
  public static func advance(_ cursor: TimelineCursor, with page: [Post]) -> TimelineCursor {
    cursor.advanced(with: page)
  }
}
