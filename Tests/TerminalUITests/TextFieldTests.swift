import ReactiveTesting
import Testing

@testable import TerminalUI

@Suite struct TextFieldTests {
  private func typed(_ text: String, into field: TextField = TextField(isFocused: true))
    -> TextField
  {
    var field = field
    for character in text { _ = field.handle(.character(character)) }
    return field
  }

  @Test func typingInsertsAtTheCursor() {
    var field = typed("helo")
    #expect(field.text == "helo" && field.cursor == 4)
    _ = field.handle(.left)
    _ = field.handle(.character("l"))
    #expect(field.text == "hello" && field.cursor == 4)
  }

  @Test func backspaceDeleteAndMovement() {
    var field = typed("abcd")
    let handled = field.handle(.backspace)
    #expect(handled)
    #expect(field.text == "abc" && field.cursor == 3)
    _ = field.handle(.home)
    expectEqual(field.cursor, 0)
    _ = field.handle(.backspace)
    expectEqual(field.text, "abc")
    _ = field.handle(.delete)
    #expect(field.text == "bc" && field.cursor == 0)
    _ = field.handle(.end)
    _ = field.handle(.delete)
    #expect(field.text == "bc" && field.cursor == 2)
    _ = field.handle(.right)
    expectEqual(field.cursor, 2)
    _ = field.handle(.control("a"))
    expectEqual(field.cursor, 0)
    _ = field.handle(.left)
    expectEqual(field.cursor, 0)
    _ = field.handle(.control("e"))
    expectEqual(field.cursor, 2)
  }

  @Test func controlUClears() {
    var field = typed("secret")
    let handled = field.handle(.control("u"))
    #expect(handled)
    #expect(field.text == "" && field.cursor == 0)
  }

  @Test func keysTheScreenHandlesAreNotConsumed() {
    var field = typed("x")
    for key in [Key.enter, .tab, .backTab, .escape, .up, .down, .control("c")] {
      let handled = field.handle(key)
      #expect(!handled, "\(key)")
    }
    expectEqual(field.text, "x")
  }

  @Test func pasteInsertsOnOneLine() {
    var field = typed("ab")
    _ = field.handle(.left)
    _ = field.handle(.paste("1\n2\t3\u{7}"))
    #expect(field.text == "a1 2 3b" && field.cursor == 6)
  }

  @Test func aCombiningMarkJoinsTheLetterBeforeIt() {
    var field = typed("e")
    _ = field.handle(.character("\u{301}"))
    #expect(field.text == "e\u{301}" && field.text.count == 1 && field.cursor == 1)
  }

  @Test func settingTextKeepsTheCursorInRange() {
    var field = typed("hello")
    field.text = "hi"
    expectEqual(field.cursor, 2)
    field.cursor = 10
    expectEqual(field.cursor, 2)
  }

  @Test func focusedFieldShowsTheCursorAsAReversedCell() {
    var field = typed("abc")
    _ = field.handle(.left)
    let buffer = draw(field, width: 6)
    expectEqual(buffer.lines, ["abc   "])
    expectEqual(buffer.columns(inRow: 0) { $0.isReversed }, [2])
    expectEqual(buffer.columns(inRow: 0) { $0.isUnderlined }, [0, 1, 3, 4, 5])
  }

  @Test func cursorAtTheEndIsAReversedSpace() {
    let buffer = draw(typed("ab"), width: 4)
    expectEqual(buffer.lines, ["ab  "])
    expectEqual(buffer.columns(inRow: 0) { $0.isReversed }, [2])
  }

  @Test func unfocusedFieldHasNoCursor() {
    var field = typed("ab")
    field.isFocused = false
    expectEqual(draw(field, width: 4).columns(inRow: 0) { $0.isReversed }, [])
  }

  @Test func secureModeShowsBullets() {
    let field = typed("pass", into: TextField(isSecure: true, isFocused: true))
    expectEqual(draw(field, width: 6).lines, ["••••  "])
    expectEqual(field.text, "pass")
  }

  @Test func placeholderShowsWhileEmpty() {
    let field = TextField(placeholder: "Email", isFocused: true)
    let buffer = draw(field, width: 7)
    expectEqual(buffer.lines, ["Email  "])
    expectEqual(buffer.columns(inRow: 0) { $0.isReversed }, [0])
    expectEqual(buffer.columns(inRow: 0) { $0.isDim }, [1, 2, 3, 4])
  }

  @Test func longTextScrollsToKeepTheCursorVisible() {
    var field = typed("abcdefghij")
    expectEqual(draw(field, width: 5).lines, ["ghij "])
    _ = field.handle(.home)
    expectEqual(draw(field, width: 5).lines, ["abcde"])
    expectEqual(draw(field, width: 5).columns(inRow: 0) { $0.isReversed }, [0])
  }

  @Test func wideTextIsMeasuredInColumns() {
    let field = typed("中文字")
    expectEqual(draw(field, width: 7).lines, ["中文字 "])
    expectEqual(draw(field, width: 6).lines, ["文字  "])
  }
}

@Suite struct TextFieldWordEditingTests {
  private func field(_ text: String, cursor: Int? = nil, isSecure: Bool = false) -> TextField {
    var field = TextField(text: text, isSecure: isSecure, isFocused: true)
    if let cursor { field.cursor = cursor }
    return field
  }

  private func after(_ keys: [Key], _ start: TextField) -> (String, Int) {
    var field = start
    for key in keys {
      let handled = field.handle(key)
      #expect(handled, "\(key)")
    }
    return (field.text, field.cursor)
  }

  @Test func altBAndAltFMoveByWord() {
    let start = field("Ada Lovelace, né 1815")
    #expect(after([.alt(.character("b"))], start) == ("Ada Lovelace, né 1815", 17))
    expectEqual(after([.alt(.character("b")), .alt(.character("b"))], start).1, 14)
    expectEqual(after(Array(repeating: .alt(.character("b")), count: 5), start).1, 0)
    expectEqual(after([.home, .alt(.character("f"))], start).1, 3)
    expectEqual(after([.home, .alt(.character("f")), .alt(.character("f"))], start).1, 12)
    expectEqual(after([.ctrl(.left)], start).1, 17)
    expectEqual(after([.home, .ctrl(.right), .ctrl(.right)], start).1, 12)
    expectEqual(after([.end, .ctrl(.right)], start).1, 21)
  }

  @Test func altDAndAltBackspaceDeleteAWord() {
    #expect(after([.alt(.backspace)], field("Ada Lovelace")) == ("Ada ", 4))
    #expect(after([.alt(.backspace)], field("Ada Lovelace  ")) == ("Ada ", 4))
    #expect(after([.alt(.character("d"))], field("Ada Lovelace", cursor: 3)) == ("Ada", 3))
    #expect(after([.alt(.character("d"))], field("Ada Lovelace", cursor: 0)) == (" Lovelace", 0))
    #expect(after([.alt(.backspace)], field("", cursor: 0)) == ("", 0))
  }

  @Test func controlWDeletesBackToASpaceAndControlKToTheEnd() {
    #expect(after([.control("w")], field("see ada@example.com")) == ("see ", 4))
    #expect(after([.control("w"), .control("w")], field("see ada@example.com")) == ("", 0))
    #expect(after([.control("k")], field("Ada Lovelace", cursor: 3)) == ("Ada", 3))
    #expect(after([.control("k")], field("Ada", cursor: 3)) == ("Ada", 3))
  }

  @Test func otherAltKeysAreSwallowedWithoutTyping() {
    var typed = field("Ada")
    for key in [Key.alt(.character("q")), .alt(.character("x")), .alt(.enter), .alt(.up)] {
      let handled = typed.handle(key)
      #expect(handled, "\(key)")
    }
    #expect(typed.text == "Ada" && typed.cursor == 3)
  }

  @Test func aSecureFieldIsOneWord() {
    #expect(after([.alt(.backspace)], field("correct horse", isSecure: true)) == ("", 0))
    expectEqual(after([.alt(.character("b"))], field("correct horse", isSecure: true)).1, 0)
    expectEqual(after([.home, .ctrl(.right)], field("correct horse", isSecure: true)).1, 13)
  }
}
