import Models

/// The friends list and its changes: the operations of every collection of records, on
/// `Friend`s (all friends are sorted by last name, then first name).
public typealias FriendsService = any RecordsService<Friend>
