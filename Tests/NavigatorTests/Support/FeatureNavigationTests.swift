import Navigator
import ReactiveCore
import ReactiveTesting
import Testing

/// A feature declared here, as an app's feature is in its own folder: the navigator's rules
/// hold for it without the navigator knowing it.
enum NoteScene: FeatureScene {
  case list
  case note(id: Int)
  case about

  var title: String {
    switch self {
    case .list: "Notes"
    case .note(let id): "Note \(id)"
    case .about: "About notes"
    }
  }

  var needsAccount: Bool {
    switch self {
    case .list, .note: true
    case .about: false
    }
  }

  var refusal: NavigationRefusal? {
    switch self {
    case .note(let id) where id <= 0: NavigationRefusal(NoteRefusal.noSuchNote(id))
    case .list, .note, .about: nil
    }
  }
}

/// Another feature whose scene has the same shape as one of the notes'.
enum TaskScene: FeatureScene {
  case list

  var title: String { "Tasks" }
}

enum NoteRefusal: FeatureRefusal {
  case noSuchNote(Int)
  case nothingSelected

  var description: String {
    switch self {
    case .noSuchNote(let id): "There is no note \(id)."
    case .nothingSelected: "Choose a note first."
    }
  }
}

enum NoteRoute: FeatureRoute {
  case open(Int?)

  var resolved: Result<Route, NavigationRefusal> {
    switch self {
    case .open(let id?): .success(.show(Scene(NoteScene.note(id: id))))
    case .open(nil): .failure(NavigationRefusal(NoteRefusal.nothingSelected))
    }
  }
}

@Suite @MainActor struct FeatureNavigationTests {
  let notes = Scene(NoteScene.list)
  let about = Scene(NoteScene.about)
  func note(_ id: Int) -> Scene { Scene(NoteScene.note(id: id)) }

  @Test func anyFeaturesScenesFollowTheRules() {
    let navigator = Navigator(root: notes, isLoggedIn: true)
    expectEqual(navigator.navigate(.show(note(1))), .success([notes, note(1)]))
    expectEqual(navigator.navigate(.show(note(1))), .failure(.alreadyShown(note(1))))
    expectEqual(navigator.navigate(.show(note(2))), .success([notes, note(1), note(2)]))
    expectEqual(navigator.navigate(.back), .success([notes, note(1)]))
    expectEqual(navigator.navigate(.back), .success([notes]))
    expectEqual(navigator.navigate(.back), .failure(.nothingToGoBackTo))
    expectEqual(navigator.currentScene.as(NoteScene.self), .list)
    #expect(navigator.currentScene.as(TaskScene.self) == nil)
  }

  @Test func aFeaturesRefusalsAndRoutesAreItsOwn() {
    let navigator = Navigator(root: notes, isLoggedIn: true)
    let refusals = TestScheduler(initialClock: 0).createObserver(NavigationRefusal.self)
    let subscription = navigator.refusals.emit(to: refusals)
    defer { subscription.dispose() }

    let noSuchNote = NavigationRefusal(NoteRefusal.noSuchNote(0))
    let nothingSelected = NavigationRefusal(NoteRefusal.nothingSelected)
    expectEqual(navigator.navigate(.show(note(0))), .failure(noSuchNote))
    expectEqual(navigator.navigate(.replaceRoot(note(0))), .failure(noSuchNote))
    expectEqual(navigator.navigate(Route(NoteRoute.open(nil))), .failure(nothingSelected))
    expectEqual(navigator.navigate(Route(NoteRoute.open(0))), .failure(noSuchNote))
    expectEqual(navigator.currentStack, [notes])
    expectEqual(
      refusals.events.compactMap(\.value.element),
      [
        noSuchNote, noSuchNote, nothingSelected, noSuchNote,
      ])
    expectEqual(
      refusals.events.compactMap(\.value.element?.description).last, "There is no note 0.")
    expectEqual(navigator.navigate(Route(NoteRoute.open(4))), .success([notes, note(4)]))
    expectEqual(Route(NoteRoute.open(4)), Route(NoteRoute.open(4)))
    #expect(Route(NoteRoute.open(4)) != Route(NoteRoute.open(5)))
  }

  @Test func aFeatureSaysWhichOfItsScenesNeedAnAccount() {
    let navigator = Navigator(root: .login, isLoggedIn: false)
    expectEqual(navigator.navigate(.show(notes)), .failure(.requiresAccount(notes)))
    expectEqual(navigator.navigate(.show(about)), .success([.login, about]))
    expectEqual(NavigationRefusal.requiresAccount(notes).description, "Log in to open Notes.")
    navigator.setLoggedIn(true)
    expectEqual(navigator.navigate(.show(notes)), .success([.login, about, notes]))
    navigator.setLoggedIn(false)
    expectEqual(navigator.currentStack, [.login])
  }

  @Test func scenesOfTwoFeaturesAreNeverEqual() {
    #expect(Scene(NoteScene.list) != Scene(TaskScene.list))
    expectEqual(
      Set([Scene(NoteScene.list), Scene(TaskScene.list), Scene(NoteScene.list)]).count, 2)
    expectEqual(Scene(NoteScene.note(id: 3)).description, "NoteScene.note(id: 3)")
  }
}
