/// A value that is both an observable sequence and an observer that feeds it.
public protocol SubjectType: ObservableType {
  /// The type of observer that feeds the subject.
  associatedtype Observer: ObserverType

  /// The observer side of the subject.
  func asObserver() -> Observer
}
