import Navigator
import ViewModels

extension Feature {
  /// Every feature, in the order the home screen lists them: one line each.
  static var all: [Feature] {
    [
      .friends,
      .search,
      .timeline,
    ]
  }
}

extension OutwardLink {
  /// Where the features' outward routes lead in this app, the one place that names two
  /// features: one line each. A feature's routes without a line here are refused, and its
  /// screens offer no key for them.
  static var all: [OutwardLink] {
    [
      OutwardLink(FriendsOutward.find, to: .show(.search)),
      OutwardLink(FriendsOutward.activity, to: .show(.timeline)),
      OutwardLink(SearchOutward.self) { .show(.friendDetail(id: $0.id)) },
    ]
  }
}
