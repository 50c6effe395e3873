import Models
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import ViewModels
import XCTest

/// The logged-in flag on the real main scheduler, checked with a blocking wait.
final class TimelineLoggedInXCTests: XCTestCase {
  func testLoggedInFollowsTheAccountStatus() throws {
    // XCTest runs test methods on the main thread; view models are main-actor types.
    let accountSubject = PublishSubject<AccountStatus>()
    let loggedIn = MainActor.assumeIsolated {
      TimelineViewModel(
        account: accountSubject.asObservable(),
        service: FakeTimelineService(scheduler: TestScheduler(initialClock: 0)),
        cache: InMemoryPostCache(), scheduler: MainScheduler.instance
      )
      .transform(.init()).loggedIn.asObservable().materialize()
    }

    DispatchQueue.main.async {
      accountSubject.onNext(.authorized(Account(email: "ada@example.com", displayName: "Ada")))
      accountSubject.onNext(.unavailable)
      accountSubject.onCompleted()
    }
    let emitted = try loggedIn.take(3).toBlocking(timeout: 1).toArray()

    XCTAssertEqual(emitted.count, 3)
    XCTAssertEqual(emitted[0].element, true)
    XCTAssertEqual(emitted[1].element, false)
    XCTAssertTrue(emitted[2].isCompleted)
  }
}
