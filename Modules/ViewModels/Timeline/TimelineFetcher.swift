import Models
import ReactiveCore

/// Fetches pages of posts on a timer, while logged in and not paused, without fetching the same
/// posts twice.
///
/// Each tick reads the cursor (the newest and oldest post ids seen so far) and asks the
/// injected provider for the page after it. A tick that comes while a fetch still runs is
/// skipped (`flatMapFirst`), so a backend slower than the timer still answers: cancelling the
/// running fetch on every tick would never let one finish. Each fetch's outcome is shared
/// (`share(replay: 1)`), the pages found are the ``timeline``, and the cursor advances with
/// `scan` over them. The fetcher owns one subscription, for the cursor; it ends when the
/// fetcher is deallocated.
public final class TimelineFetcher {
  /// `true` stops the timer; `false` restarts it, fetching at once.
  public let paused = BehaviorRelay(value: false)
  /// The outcome of every fetch: the page it found (possibly empty), or why it failed. A
  /// failed fetch does not end the fetcher; the next tick tries again.
  public let results: Observable<Result<[Post], any Error>>
  /// The pages of new posts, newest first, one per fetch that found any.
  public let timeline: Observable<[Post]>
  /// The position reached: the newest and oldest post ids fetched so far.
  public let cursor = BehaviorRelay(value: TimelineCursor.none)

  private let bag = DisposeBag()

  /// Creates a fetcher that polls every `interval` on `scheduler` while `account` is authorized
  /// and `paused` is `false`, asking `provider` for the page after the cursor. An `account`
  /// that fails stops the polling, as logging out does.
  public init(
    account: Observable<AccountStatus>, interval: RxTimeInterval, scheduler: SchedulerType,
    provider: @escaping (TimelineCursor) -> Observable<[Post]>
  ) {
    let paused = self.paused
    // An account status that fails (it should not: see `AuthenticationService.accountStatus`)
    // counts as logged out, so the fetcher stops instead of failing its cursor's binding.
    let ticks =
      account
      .map { $0.isAuthorized }
      .catchAndReturn(false)
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

    results =
      ticks
      .withLatestFrom(cursor.asObservable())
      .flatMapFirst { cursor in
        provider(cursor)
          .map { Result<[Post], any Error>.success($0) }
          .catch { .just(.failure($0)) }
      }
      .share(replay: 1)

    timeline =
      results
      .compactMap { try? $0.get() }
      .filter { !$0.isEmpty }
      .share(replay: 1)

    timeline
      .scan(.none, accumulator: TimelineCursor.advance)
      .bind(to: cursor)
      .disposed(by: bag)
  }
}
