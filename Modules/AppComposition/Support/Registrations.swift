extension AppServices {
  /// What the features add to the services besides the backend: one line each.
  public static var registrations: [FeatureRegistration] {
    [
      .timeline
    ]
  }
}
