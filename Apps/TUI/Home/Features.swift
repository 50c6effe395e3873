extension Feature {
  /// Every feature, in the order the home screen lists them.
  static var all: [Feature] {
    [
      // demo:begin
      .friends, .search, .timeline,
      // demo:end
      // Scripts/new-feature.sh adds new features above this line.
    ]
  }
}
