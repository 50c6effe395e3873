import Models
import ReactiveCore

/// Fetches pages of posts on a timer, while logged in and not paused, without fetching the same
/// posts twice.
///
/// Each tick reads the cursor (the newest and oldest post ids seen so far) and asks the
/// injected provider for the page after it; a newer tick cancels a fetch still running
/// (`flatMapLatest`). The pages are shared (`share(replay: 1)`), and the cursor advances with
/// `scan` over them. The fetcher owns one subscription, for the cursor; it ends when the fetcher
/// is deallocated.
public final class TimelineFetcher {
  /// `true` stops the timer; `false` restarts it, fetching at once.
  public let paused = BehaviorRelay(value: false)
  /// The pages of new posts, newest first, one per tick that found any.
  public let timeline: Observable<[Post]>
  /// The position reached: the newest and oldest post ids fetched so far.
  public let cursor = BehaviorRelay(value: TimelineCursor.none)

  private let bag = DisposeBag()

  /// Creates a fetcher that polls every `interval` on `scheduler` while `account` is authorized
  /// and `paused` is `false`, asking `provider` for the page after the cursor.
  public init(
    account: Observable<AccountStatus>, interval: RxTimeInterval, scheduler: SchedulerType,
    provider: @escaping (TimelineCursor) -> Observable<[Post]>
  ) {
    let paused = self.paused
    let ticks =
      account
      .map { $0.isAuthorized }
      .distinctUntilChanged()
      .flatMapLatest { authorized -> Observable<Void> in
        guard authorized else { return .empty() }
        return paused.asObservable().distinctUntilChanged()
          .flatMapLatest { paused -> Observable<Void> in
            paused
              ? .empty()
              : Observable<Int>.timer(.seconds(0), period: interval, scheduler: scheduler)
                .map { _ in () }
          }
      }

    timeline =
      ticks
      .withLatestFrom(cursor.asObservable())
      .flatMapLatest(provider)
      .filter { !$0.isEmpty }
      .share(replay: 1)

    timeline
      .scan(.none, accumulator: TimelineCursor.advance)
      .bind(to: cursor)
      .disposed(by: bag)
  }
}
