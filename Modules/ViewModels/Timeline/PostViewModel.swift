import Foundation
import Models
import Navigator
import ReactiveCore

/// One post, whole: who wrote it, when, and all of its text, which a list cuts to one row.
/// From there the user can open the author's posts.
public struct PostViewModel: ViewModelType {
  /// What the user does on the screen.
  public struct Input {
    /// Taps on the author, to see all of their posts.
    public var authorTaps: Observable<Void>

    /// Creates the input.
    public init(authorTaps: Observable<Void> = .never()) {
      self.authorTaps = authorTaps
    }
  }

  /// What the screen shows.
  public struct Output {
    /// The author's name.
    public var author: Driver<String>
    /// When the post was written.
    public var date: Driver<Date>
    /// The whole text, as written (a front escapes what it cannot show).
    public var text: Driver<String>
    /// Where to go next: the author's posts.
    public var route: Signal<Route>
  }

  private let post: Post

  /// Creates the view model for `post`.
  public init(post: Post) {
    self.post = post
  }

  /// Builds the screen's chains.
  public func transform(_ input: Input) -> Output {
    let post = self.post
    return Output(
      author: .just(post.author.name),
      date: .just(post.date),
      text: .just(post.text),
      route: input.authorTaps.map { Route.showPersonTimeline(post.author) }
        .asSignal(onErrorSignalWith: .empty()))
  }
}
