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
