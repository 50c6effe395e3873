import Foundation
import Models
import ReactiveCore
import Services

/// The embedded timeline with some life in it: while a timeline is watched, one of the
/// seeded people writes a new post now and then, as if they had just posted.
///
/// The time between two posts is drawn from a seeded random source, between
/// ``Pace/shortest`` and ``Pace/longest`` of scheduler time, so that tests on virtual time know
/// exactly when each post comes. Nothing is written while no one watches
/// (`watchTimeline()`): the first post comes one drawn delay after the first watch starts,
/// and the last watch ending cancels the next. A post that cannot be written (a damaged
/// data file) is skipped; the next one tries again. Every other call goes to the backend.
public final class LiveDemoTimeline: TimelineService, @unchecked Sendable {
  // Immutable after init; the backend is thread-safe and the generator has its own lock.

  /// How often the demo writes a post.
  public struct Pace: Sendable {
    /// The shortest time between two posts.
    public var shortest: RxTimeInterval
    /// The longest time between two posts.
    public var longest: RxTimeInterval
    /// The seed of the random delays: the same seed gives the same delays.
    public var seed: UInt64

    /// Creates a pace; `longest` below `shortest` counts as `shortest`.
    public init(shortest: RxTimeInterval, longest: RxTimeInterval, seed: UInt64) {
      self.shortest = shortest
      self.longest = longest
      self.seed = seed
    }

    /// A post every 20 to 40 seconds.
    public static let demo = Pace(shortest: .seconds(20), longest: .seconds(40), seed: 2024)
  }

  /// The backend that answers every call.
  public let backend: LocalBackend
  private let watch: Observable<Never>

  /// Creates the live timeline over `backend`, timing the posts on `scheduler`.
  public init(backend: LocalBackend, scheduler: SchedulerType, pace: Pace = .demo) {
    self.backend = backend
    let delays = DelayGenerator(pace: pace)
    watch = Observable<Never>.create { _ in
      let pending = SerialDisposable()
      let writing = SerialDisposable()
      func scheduleNext() {
        pending.disposable = scheduler.scheduleRelative((), dueTime: delays.next()) { _ in
          writing.disposable = backend.write("livePost") { store in
            try store.generatePosts(count: 1, date: scheduler.now)
          }
          .subscribe(onSuccess: { _ in }, onFailure: { _ in })
          scheduleNext()
          return Disposables.create()
        }
      }
      scheduleNext()
      return Disposables.create(pending, writing)
    }
    .share()
  }

  /// Posts newer than the cursor, from the backend.
  public func timeline(after cursor: TimelineCursor, limit: Int) -> Single<[Post]> {
    backend.timeline(after: cursor, limit: limit)
  }

  /// Posts older than the cursor, from the backend.
  public func timeline(before cursor: TimelineCursor, limit: Int) -> Single<[Post]> {
    backend.timeline(before: cursor, limit: limit)
  }

  /// A person's posts newer than the cursor, from the backend.
  public func posts(of person: Person, after cursor: TimelineCursor, limit: Int) -> Single<[Post]> {
    backend.posts(of: person, after: cursor, limit: limit)
  }

  /// A person's older posts, from the backend.
  public func posts(of person: Person, before cursor: TimelineCursor, limit: Int) -> Single<[Post]>
  {
    backend.posts(of: person, before: cursor, limit: limit)
  }

  /// The people who post, from the backend.
  public func people() -> Single<[Person]> { backend.people() }

  /// While subscribed, writes a post after each drawn delay; never emits.
  public func watchTimeline() -> Observable<Never> { watch }
}

/// The delays between demo posts: SplitMix64 over the seed, reduced to whole milliseconds in
/// the pace's range.
private final class DelayGenerator: @unchecked Sendable {
  // `state` is guarded by `lock`.
  private let lock = NSLock()
  private var state: UInt64
  private let shortest: Int
  private let span: UInt64

  init(pace: Pace) {
    state = pace.seed
    shortest = Self.milliseconds(pace.shortest)
    span = UInt64(max(0, Self.milliseconds(pace.longest) - shortest)) + 1
  }

  typealias Pace = LiveDemoTimeline.Pace

  /// The next delay.
  func next() -> RxTimeInterval {
    let random = lock.withLock {
      state &+= 0x9E37_79B9_7F4A_7C15
      var mixed = state
      mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
      return mixed ^ (mixed >> 31)
    }
    return .milliseconds(shortest + Int(random % span))
  }

  private static func milliseconds(_ interval: RxTimeInterval) -> Int {
    Int((interval.seconds * 1_000).rounded())
  }
}
