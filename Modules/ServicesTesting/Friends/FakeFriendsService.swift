import Models

/// A friends service whose answers a test scripts as timelines on a `TestScheduler`.
public typealias FakeFriendsService = FakeRecordsService<Friend>
