import Services

extension AppServices {
  /// Searching friends.
  public var search: SearchService { service(SearchService.self) }
}
