import Navigator
import ReactiveCore
import ReactiveTesting
import Testing

/// A feature's wish to leave it, in its own words: the notes ask to find a note, and the app
/// decides with a link which scene answers.
enum NoteOutward: OutwardRoute {
  case find
  case share(id: Int)

  var description: String {
    switch self {
    case .find: "finding a note"
    case .share: "sharing a note"
    }
  }
}

/// The outward routes of the navigator: features that never name each other, linked where the
/// app is composed; and results handed back to the scene below.
@Suite @MainActor struct OutwardRouteTests {
  private let tasks = Scene(TaskScene.list)

  @Test func aLinkSendsAFeaturesOutwardRouteWhereTheAppChooses() {
    let navigator = Navigator(
      root: Scene(NoteScene.list), isLoggedIn: true,
      links: [
        OutwardLink(NoteOutward.find, to: .show(Scene(TaskScene.list))),
        OutwardLink(NoteOutward.self) { route in
          if case .share(let id) = route { .show(Scene(NoteScene.note(id: id))) } else { .back }
        },
      ])
    expectEqual(
      navigator.navigate(Route(outward: NoteOutward.find)),
      .success([Scene(NoteScene.list), tasks]))
    expectEqual(
      navigator.scene(shownBy: Route(outward: NoteOutward.share(id: 4))),
      Scene(NoteScene.note(id: 4)))
    // The scene's own rules still hold for where the link leads.
    expectEqual(
      navigator.navigate(Route(outward: NoteOutward.share(id: 0))),
      .failure(NavigationRefusal(NoteRefusal.noSuchNote(0))))
  }

  @Test func anOutwardRouteNoLinkTakesIsRefusedWithTheFeaturesWords() {
    let navigator = Navigator(root: Scene(NoteScene.list), isLoggedIn: true)
    let refusals = TestScheduler.milliseconds().createObserver(NavigationRefusal.self)
    let bag = DisposeBag()
    navigator.refusals.emit(to: refusals).disposed(by: bag)
    let find = AnyOutwardRoute(NoteOutward.find)
    expectEqual(navigator.navigate(.outward(find)), .failure(.noDestination(find)))
    expectEqual(navigator.currentStack, [Scene(NoteScene.list)])
    #expect(navigator.scene(shownBy: .outward(find)) == nil)
    expectEqual(
      refusals.events.map { $0.value.element?.description },
      [
        "Nothing in this app is for finding a note."
      ])
  }

  @Test func goingBackWithAResultHandsItToTheSceneBelowOnceItIsOnTop() {
    let clock = TestScheduler.milliseconds()
    let navigator = Navigator(root: Scene(NoteScene.list), isLoggedIn: true)
    let results = clock.createObserver(SceneResult.self)
    let tops = clock.createObserver(Scene.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      clock.scheduleAt(0) {
        navigator.results.emit(to: results).disposed(by: bag)
        navigator.top.drive(tops).disposed(by: bag)
      }
      clock.scheduleAt(100) { navigator.navigate(.show(Scene(NoteScene.note(id: 3)))) }
      clock.scheduleAt(200) { navigator.navigate(.backWithResult(SceneResult(3))) }
      // Nothing to go back to: refused, and nothing handed.
      clock.scheduleAt(300) { navigator.navigate(.backWithResult(SceneResult(5))) }
      clock.start()
    }
    expectEqual(results.events, [.next(200, SceneResult(3))])
    expectEqual(results.events.first?.value.element?.as(Int.self), 3)
    #expect(results.events.first?.value.element?.as(String.self) == nil)
    expectEqual(tops.events.map(\.time), [0, 100, 200])
    expectEqual(tops.events.last?.value.element, Scene(NoteScene.list))
  }
}
