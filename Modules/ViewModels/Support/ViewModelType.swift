/// The shape of every screen's view model: a pure function from the screen's inputs (what the
/// user does, as observables) to its outputs (what the screen shows, as Drivers and Signals).
///
/// A view model holds its dependencies and nothing else; calling `transform` twice builds two
/// independent sets of chains.
@MainActor
public protocol ViewModelType {
  /// The streams of user actions the screen provides.
  associatedtype Input
  /// The streams of state and events the screen shows.
  associatedtype Output

  /// Builds the screen's chains.
  func transform(_ input: Input) -> Output
}
