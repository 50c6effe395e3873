import ReactiveTesting
import Testing

@testable import TerminalUI

@Suite struct DialogTests {
  @Test func alertIsCentredAndBordered() {
    let dialog = Dialog.alert(title: "Error", message: "Login failed: offline")
    let buffer = draw(dialog, width: 40, height: 9)
    expectEqual(
      buffer.lines,
      [
        "                                        ",
        "       ┌─ Error ───────────────┐        ",
        "       │                       │        ",
        "       │ Login failed: offline │        ",
        "       │                       │        ",
        "       │        [ OK ]         │        ",
        "       └───────────────────────┘        ",
        "                                        ",
        "                                        ",
      ])
    expectEqual(buffer.columns(inRow: 5) { $0.isReversed }, Array(16..<22))
  }

  @Test func confirmFocusesCancelFirstAndSwitchesWithTab() {
    var dialog = Dialog.confirm(title: "Delete", message: "Delete Ada?", confirm: "Delete")
    var buffer = draw(dialog, width: 30, height: 7)
    expectEqual(
      buffer.lines,
      [
        "  ┌─ Delete ───────────────┐  ",
        "  │                        │  ",
        "  │ Delete Ada?            │  ",
        "  │                        │  ",
        "  │ [ Delete ]  [ Cancel ] │  ",
        "  └────────────────────────┘  ",
        "                              ",
      ])
    expectEqual(buffer.columns(inRow: 4) { $0.isReversed }, Array(16..<26))
    let afterTab = dialog.handle(.tab)
    #expect(afterTab == nil)
    buffer = draw(dialog, width: 30, height: 7)
    expectEqual(buffer.columns(inRow: 4) { $0.isReversed }, Array(4..<14))
    let afterEnter = dialog.handle(.enter)
    expectEqual(afterEnter, .confirmed)
  }

  @Test func outcomes() {
    var confirm = Dialog.confirm(title: "T", message: "M")
    expectEqual(confirm.handle(.enter), .cancelled)
    expectEqual(confirm.handle(.escape), .cancelled)
    #expect(confirm.handle(.character("x")) == nil)
    _ = confirm.handle(.left)
    expectEqual(confirm.handle(.character(" ")), .confirmed)
    var alert = Dialog.alert(title: "T", message: "M")
    #expect(alert.handle(.tab) == nil && alert.focusedButton == 0)
    expectEqual(alert.handle(.enter), .dismissed)
    expectEqual(alert.handle(.escape), .dismissed)
  }

  @Test func longMessagesWrapAtSpaces() {
    let message = "The network connection was lost while talking to the server."
    let dialog = Dialog.alert(title: "Error", message: message)
    let buffer = draw(dialog, width: 34, height: 10)
    expectEqual(
      buffer.lines,
      [
        "                                  ",
        "  ┌─ Error ────────────────────┐  ",
        "  │                            │  ",
        "  │ The network connection was │  ",
        "  │ lost while talking to the  │  ",
        "  │ server.                    │  ",
        "  │                            │  ",
        "  │           [ OK ]           │  ",
        "  └────────────────────────────┘  ",
        "                                  ",
      ])
  }

  @Test func messagesTallerThanTheScreenAreCut() {
    let dialog = Dialog.alert(title: "E", message: "one two three four five six", button: "OK")
    let buffer = draw(dialog, width: 14, height: 6)
    expectEqual(
      buffer.lines,
      [
        "  ┌─ E ────┐  ",
        "  │        │  ",
        "  │ one …  │  ",
        "  │        │  ",
        "  │ [ OK ] │  ",
        "  └────────┘  ",
      ])
  }

  @Test func theBoxCoversWhatIsBeneath() {
    var buffer = ScreenBuffer(width: 30, height: 7)
    buffer.fill(buffer.bounds, with: "#")
    Dialog.alert(title: "Hi", message: "Hello").render(into: &buffer, rect: buffer.bounds)
    expectEqual(buffer.lines[2], "###│ Hello                │###")
    expectEqual(buffer.lines[3], "###│                      │###")
    expectEqual(buffer.lines[6], String(repeating: "#", count: 30))
  }

  @Test func wrapBreaksWordsLongerThanALineKeepingEveryCharacter() {
    expectEqual(Dialog.wrap("a verylongword b", width: 5), ["a", "veryl", "ongwo", "rd b"])
    expectEqual(Dialog.wrap("one\n\ntwo", width: 5), ["one", "", "two"])
  }
}
