import Models
import ReactiveCore
import Services

extension AppServices {
  /// Searching friends.
  public var search: SearchService { features.search }

  /// Each change to what a search may find (the friends were changed, here or in another
  /// program), for a search on screen to run again.
  public var searchResultsChanged: Observable<Void> { records(Friend.self).recordsChanged }
}
