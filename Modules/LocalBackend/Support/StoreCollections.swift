import Models

extension StoreFile {
  /// The collections of records the store keeps: one line per feature (see
  /// ``RecordCollection`` for what a line gives a feature, and an example). The order of the
  /// lines is the order of the collections in the snapshot.
  static let collections: [any AnyRecordCollection] = [
    RecordCollection<Friend>(order: .by(Friend.listOrder), seed: DemoData.seedFriends),
    RecordCollection<Post>("posts", order: .newestFirst, seed: DemoData.seedPosts),
  ]
}
