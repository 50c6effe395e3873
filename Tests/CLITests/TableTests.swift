import CommandLineKit
import ReactiveTesting
import Testing

@testable import FriendsCLI

@Suite struct TableTests {
  @Test func columnsArePaddedByDisplayWidth() {
    let table = Table(
      columns: [
        .init(title: "ID", alignment: .right), .init(title: "NAME"), .init(title: "PHONE"),
      ],
      rows: [["1", "山田 太郎", "555"], ["12", "Ada", "556"], ["3", "Zoe\u{301}", "557"]])
    expectEqual(
      table.lines(),
      [
        "ID  NAME       PHONE",
        " 1  山田 太郎  555",
        "12  Ada        556",
        " 3  Zoé        557",
      ])
  }

  @Test func onATerminalTheWidestColumnIsCutToFitAndOtherwiseNothingIs() {
    let table = Table(
      columns: [
        .init(title: "ID", alignment: .right), .init(title: "NAME"), .init(title: "PHONE"),
      ],
      rows: [
        ["1", "Augusta Ada King, Countess of Lovelace", "+44 20 7946 0001"], ["12", "Ada", "5"],
      ])
    let full = [
      "ID  NAME                                    PHONE",
      " 1  Augusta Ada King, Countess of Lovelace  +44 20 7946 0001",
      "12  Ada                                     5",
    ]
    expectEqual(table.lines(), full)
    expectEqual(table.lines(maxWidth: 200), full)
    expectEqual(
      table.lines(maxWidth: 40),
      [
        "ID  NAME                PHONE",
        " 1  Augusta Ada King,…  +44 20 7946 0001",
        "12  Ada                 5",
      ])
    // Narrower still, the phone is cut too once it is the widest.
    expectEqual(
      table.lines(maxWidth: 20), ["ID  NAME     PHONE", " 1  August…  +44 20…", "12  Ada      5"])
    // No column is cut below four: what cannot fit is as narrow as it gets.
    expectEqual(table.lines(maxWidth: 5), ["ID  NAME  PHO…", " 1  Aug…  +44…", "12  Ada   5"])
    #expect(table.lines(maxWidth: 40).allSatisfy { $0.displayWidth <= 40 })
  }

  @Test func controlCharactersInDataAreEscaped() {
    let table = Table(columns: [.init(title: "NAME")], rows: [["Ada\u{1B}[2J"]])
    expectEqual(table.lines(header: false), ["Ada\\u{1B}[2J"])
  }
}
