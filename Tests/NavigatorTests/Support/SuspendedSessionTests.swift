import Navigator
import ReactiveTesting
import Testing

/// A session that ends without the user choosing to: the navigator keeps the scenes shown
/// and what their screens kept, and shows them again after the next login.
@Suite @MainActor struct SuspendedSessionTests {
  let notes = Scene(NoteScene.list)
  func note(_ id: Int) -> Scene { Scene(NoteScene.note(id: id)) }

  func navigatorShowingANote() -> Navigator {
    let navigator = Navigator(root: .home, isLoggedIn: true)
    navigator.navigate(.show(notes))
    navigator.navigate(.show(note(3)))
    return navigator
  }

  @Test func theScenesShownComeBackAfterTheNextLoginWithWhatTheyKept() {
    let navigator = navigatorShowingANote()
    navigator.suspendSession(keeping: [note(3): "half a sentence", note(4): "not shown"])
    expectEqual(navigator.currentStack, [.login])
    // Saying again that no one is logged in, or going to another public scene, keeps them.
    navigator.setLoggedIn(false)
    expectEqual(navigator.navigate(.replaceRoot(.login)), .success([.login]))
    navigator.setLoggedIn(true)
    expectEqual(navigator.navigate(.replaceRoot(.home)), .success([.home, notes, note(3)]))
    #expect(navigator.takeKeptState(Int.self, for: note(3)) == nil)  // another type
    expectEqual(navigator.takeKeptState(String.self, for: note(3)), "half a sentence")
    #expect(navigator.takeKeptState(String.self, for: note(3)) == nil)  // taken once
    #expect(navigator.takeKeptState(String.self, for: note(4)) == nil)
    // Only once: the next time the home is the root, it is alone.
    expectEqual(navigator.navigate(.replaceRoot(.home)), .success([.home]))
  }

  @Test func aLogoutOrAnotherRootForgetsTheSuspendedScenes() {
    let navigator = navigatorShowingANote()
    navigator.suspendSession(keeping: [note(3): "draft"])
    navigator.setLoggedIn(true)
    navigator.setLoggedIn(false)  // a logout before the home showed again
    navigator.setLoggedIn(true)
    expectEqual(navigator.navigate(.replaceRoot(.home)), .success([.home]))
    #expect(navigator.takeKeptState(String.self, for: note(3)) == nil)

    let other = navigatorShowingANote()
    other.suspendSession()
    other.setLoggedIn(true)
    expectEqual(other.navigate(.replaceRoot(notes)), .success([notes]))
  }

  @Test func onlyAStackWithScenesThatNeedAnAccountIsKept() {
    let navigator = Navigator(root: .home, isLoggedIn: true)
    navigator.navigate(.show(Scene(NoteScene.about)))
    navigator.navigate(.show(notes))
    // Nothing shown needs an account but the notes: they are kept.
    navigator.suspendSession()
    expectEqual(navigator.currentStack, [.login])
    navigator.setLoggedIn(true)
    expectEqual(
      navigator.navigate(.replaceRoot(.home)), .success([.home, Scene(NoteScene.about), notes]))

    let publicOnly = Navigator(root: .login, isLoggedIn: false)
    publicOnly.navigate(.show(.forgotPassword))
    publicOnly.suspendSession(keeping: [.forgotPassword: "x"])
    expectEqual(publicOnly.currentStack, [.login, .forgotPassword])  // nothing to leave
    publicOnly.setLoggedIn(true)
    expectEqual(publicOnly.navigate(.replaceRoot(.home)), .success([.home]))
  }
}
