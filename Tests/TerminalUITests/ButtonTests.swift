import ReactiveTesting
import Testing

@testable import TerminalUI

@Suite struct ButtonTests {
  @Test func enabledButtonIsBracketed() {
    let buffer = draw(Button("Log in"), width: 12)
    expectEqual(buffer.lines, ["[ Log in ]  "])
    expectEqual(buffer[0, 0].style, Theme.standard.button)
  }

  @Test func focusedButtonIsReversedAndBold() {
    let buffer = draw(Button("Log in", isFocused: true), width: 10)
    expectEqual(buffer.lines, ["[ Log in ]"])
    #expect(buffer[3, 0].style.isReversed && buffer[3, 0].style.isBold)
  }

  @Test func disabledButtonLooksDifferentEvenWithoutColour() {
    let buffer = draw(Button("Log in", isEnabled: false), width: 10)
    expectEqual(buffer.lines, ["( Log in )"])
    expectEqual(buffer[3, 0].style, Theme.standard.disabledButton)
  }

  @Test func aFocusedDisabledButtonShowsItsFocus() {
    let buffer = draw(Button("Log in", isEnabled: false, isFocused: true), width: 10)
    expectEqual(buffer.lines, ["( Log in )"])
    let style = buffer[3, 0].style
    expectEqual(style, Style.plain.reversed().dim())
    expectEqual(style.adapted(to: .noColor), style)
    #expect(style != draw(Button("Log in", isEnabled: false), width: 10)[3, 0].style)
  }

  @Test func onlyAnEnabledButtonIsPressed() {
    #expect(Button("OK").handle(.enter))
    #expect(Button("OK").handle(.character(" ")))
    #expect(!Button("OK").handle(.character("x")))
    #expect(!Button("OK", isEnabled: false).handle(.enter))
  }

  @Test func aNarrowRectCutsTheLabel() {
    expectEqual(draw(Button("Save changes"), width: 8).lines, ["[ Save …"])
    expectEqual(Button("Save").width, 8)
  }
}
