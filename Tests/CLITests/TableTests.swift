import CommandLineKit
import Testing

@testable import FriendsCLI

@Suite struct TableTests {
  @Test func columnsArePaddedByDisplayWidth() {
    let table = Table(
      columns: [
        .init(title: "ID", alignment: .right), .init(title: "NAME"), .init(title: "PHONE"),
      ],
      rows: [["1", "山田 太郎", "555"], ["12", "Ada", "556"], ["3", "Zoe\u{301}", "557"]])
    #expect(
      table.lines() == [
        "ID  NAME       PHONE",
        " 1  山田 太郎  555",
        "12  Ada        556",
        " 3  Zoé        557",
      ])
  }

  @Test func controlCharactersInDataAreEscaped() {
    let table = Table(columns: [.init(title: "NAME")], rows: [["Ada\u{1B}[2J"]])
    #expect(table.lines(header: false) == ["Ada\\u{1B}[2J"])
  }
}
