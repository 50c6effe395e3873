import Models
import ReactiveCore

/// What one fetch of a paged list of posts told: the timeline's and a person's posts fetch new
/// pages on a timer and older pages when the user scrolls past the last post.
enum PageOutcome {
  /// A fetch of new posts ended.
  case newer(Result<[Post], any Error>)
  /// A fetch of older posts started.
  case olderStarted
  /// A fetch of older posts ended.
  case older(Result<[Post], any Error>)

  /// The outcome of a fetch of new posts, `nil` for the others.
  var newer: Result<[Post], any Error>? {
    if case .newer(let result) = self { return result }
    return nil
  }

  /// The outcome of a fetch of older posts, `nil` for the others.
  var older: Result<[Post], any Error>? {
    if case .older(let result) = self { return result }
    return nil
  }

  /// For each request, while none runs, the older page that `fetch` returns for it, told as
  /// `olderStarted` then `older`; `fetch` returns `nil` when there is nothing to ask for (no
  /// post shown yet), and the request is ignored.
  static func olderPages<Request>(
    requests: Observable<Request>, fetch: @escaping (Request) -> Single<[Post]>?
  ) -> Observable<PageOutcome> {
    requests.flatMapFirst { request -> Observable<PageOutcome> in
      guard let page = fetch(request) else { return .empty() }
      return page.asObservable()
        .map { PageOutcome.older(.success($0)) }
        .catch { .just(.older(.failure($0))) }
        .startWith(.olderStarted)
    }
  }
}

extension ObservableType where Element == PageOutcome {
  /// Why the latest fetch (of new or of older posts) failed, or `nil` when it succeeded, and
  /// at first.
  func failureMessages() -> Observable<String?> {
    compactMap { outcome -> String?? in
      switch outcome {
      case .newer(.success), .older(.success): return .some(nil)
      case .newer(.failure(let error)): return "Could not load posts: \(describe(error))"
      case .older(.failure(let error)): return "Could not load older posts: \(describe(error))"
      case .olderStarted: return nil
      }
    }
    .startWith(nil)
    .distinctUntilChanged()
  }

  /// Whether an older page is being fetched; `false` at first.
  func isLoadingOlder() -> Observable<Bool> {
    compactMap { outcome -> Bool? in
      switch outcome {
      case .newer: return nil
      case .olderStarted: return true
      case .older: return false
      }
    }
    .startWith(false)
    .distinctUntilChanged()
  }

  /// `true` once an older page came back with fewer than `pageSize` posts: there is nothing
  /// older. `false` at first.
  func reachedOldest(pageSize: Int) -> Observable<Bool> {
    compactMap { outcome -> Bool? in
      guard case .older(.success(let page)) = outcome else { return nil }
      return page.count < pageSize
    }
    .startWith(false)
    .distinctUntilChanged()
  }
}
