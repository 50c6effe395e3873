import ReactiveTesting
import Services
import ServicesTesting
import Testing

/// The fronts' tests' source of collections of records: the fakes given, by record type, and
/// one kept in-memory fake for any other type.
@Suite struct FakeRecordsProviderTests {
  @Test func aGivenFakeAnswersForItsRecordType() {
    let clock = TestScheduler.milliseconds()
    let shelves = InMemoryRecordsService<Shelf>(scheduler: clock)
    let provider = FakeRecordsProvider([shelves], scheduler: clock)
    #expect(provider.records(Shelf.self) === shelves)
  }

  @Test func anyOtherRecordTypeGetsOneEmptyInMemoryFakeKeptForTheNextCall() {
    let clock = TestScheduler.milliseconds()
    let provider = FakeRecordsProvider(scheduler: clock)
    let made = provider.records(Shelf.self)
    let inMemory = made as? InMemoryRecordsService<Shelf>
    expectEqual(inMemory?.items.isEmpty, true)
    #expect(provider.records(Shelf.self) === made)
  }
}
