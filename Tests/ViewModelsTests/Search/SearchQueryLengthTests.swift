import Models
import ReactiveCore
import ReactiveTesting
import ServicesTesting
import Testing
import ViewModels

/// Which queries are long enough to search.
@Suite @MainActor struct SearchQueryLengthTests {
  @Test func oneIdeographOrHangulSyllableIsSearchedButOneLatinLetterIsNot() {
    #expect(SearchViewModel.isSearchable("李"))
    #expect(SearchViewModel.isSearchable("김"))
    #expect(SearchViewModel.isSearchable("ad"))
    #expect(!SearchViewModel.isSearchable("a"))
    #expect(!SearchViewModel.isSearchable("é"))
    #expect(!SearchViewModel.isSearchable("ア"))
    #expect(!SearchViewModel.isSearchable(""))
  }

  @Test func typingOneIdeographSearchesAfterTheDebounce() {
    let clock = TestScheduler.milliseconds()
    let service = FakeSearchService(scheduler: clock)
    let li = Friend(id: 7, firstName: "李", lastName: "娜", phoneNumber: "555 0107")
    service.response = { _ in [.next(200, [li]), .completed(200)] }
    let status = clock.createObserver(SearchViewModel.Status.self)
    let bag = DisposeBag()
    let typing = clock.createHotObservable([.next(100, "a"), .next(1_000, " 李 ")])
    let output = SearchViewModel(service: service, scheduler: clock)
      .transform(.init(query: typing.asObservable()))
    clock.scheduleAt(0) { output.status.drive(status).disposed(by: bag) }
    clock.start()
    expectEqual(
      status.events,
      [
        .next(0, .tooShort),
        .next(1_000, .searching(query: "李")),
        .next(1_500, .found([li])),
      ])
    expectEqual(service.allRequests.map(\.query), ["李"])
  }
}
