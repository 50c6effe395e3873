import Navigator
import ViewModels

extension WebFeature {
  /// Every feature with pages, in the order the home lists them: one line each.
  static var all: [WebFeature] {
    [
      .friends,
      .search,
      .timeline,
    ]
  }
}

extension OutwardLink {
  /// Where the features' outward routes lead in the web front, the one place that names two
  /// features: one line each. A feature's routes without a line here are refused, and its
  /// pages offer no link for them.
  static var web: [OutwardLink] {
    [
      OutwardLink(FriendsOutward.find, to: .show(.search)),
      OutwardLink(FriendsOutward.activity, to: .show(.timeline)),
      OutwardLink(SearchOutward.self) { .show(.friendDetail(id: $0.id)) },
    ]
  }
}
