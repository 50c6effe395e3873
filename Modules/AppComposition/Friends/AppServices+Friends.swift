import Services

extension AppServices {
  /// The friends list.
  public var friends: FriendsService { service(FriendsService.self) }
}
