import Services

extension AppServices {
  /// The __phrase__ entries.
  public var __feature__: __Feature__Service { service(__Feature__Service.self) }
}
