import AppComposition
import CommandLineKit
import Foundation
import ReactiveCore
import ReactiveTesting
import Testing
import ViewModels

@testable import FriendsCLI

extension ArgumentSpecTests {
  @Test func idsAreIntegers() throws {
    #expect((try Self.command("show 3") as? ShowCommand)?.id == 3)
    #expect((try Self.command("remove 12") as? RemoveCommand)?.id == 12)
    expectEqual(Self.usageError(["show", "abc"]), "argument '<id>' must be an integer, got 'abc'")
    expectEqual(Self.usageError(["show"]), "missing argument '<id>'")
    expectEqual(
      Self.usageError(["remove", "1", "2"]),
      "unexpected argument '2': 'friends remove' takes at most 1 argument")
  }

  @Test func addAndEditTakeTheFields() throws {
    let add = try #require(
      try Self.command("add --first Ada --last Lovelace --phone 5550100") as? AddCommand)
    expectEqual(add.texts, [.firstName: "Ada", .lastName: "Lovelace", .phoneNumber: "5550100"])
    let edit = try #require(try Self.command("edit 3 --phone 5550100") as? EditCommand)
    #expect(edit.id == 3 && edit.texts == [.phoneNumber: "5550100"])
    expectEqual(
      Self.usageError(["edit", "3"]), "nothing to change: give --first, --last or --phone")
    expectEqual(Self.usageError(["add", "--first"]), "option '--first' needs a value")
    expectEqual(
      Self.usageError(["add", "--phnoe", "1"]), "unknown option '--phnoe'; did you mean '--phone'?")
  }

  @Test func searchHasAnOptionalQuery() throws {
    #expect((try Self.command("search ada") as? SearchCommand)?.query == "ada")
    #expect((try Self.command("search") as? SearchCommand)?.query == nil)
    #expect((try Self.parse(["search", "--", "-ada"])).value("query") == "-ada")
    for empty in ["", "  "] {
      #expect(
        Self.usageError(["search", empty])
          == "the query is empty: give the text to look for, or no query to read queries from "
          + "standard input")
    }
  }

  @Test func timelineFollowsAtAnInterval() throws {
    let page = try #require(try Self.command("timeline") as? TimelineCommand)
    #expect(!page.follow && page.interval == .seconds(5))
    let follow = try #require(try Self.command("timeline -f --interval 0.25") as? TimelineCommand)
    #expect(follow.follow && follow.interval == .milliseconds(250))
    for bad in ["0", "fast", "-1", "nan", "inf", "1e16", "86400.5", "1e308"] {
      expectEqual(
        Self.usageError(["timeline", "--follow", "--interval=\(bad)"]),
        "option '--interval' must be a number of seconds from 0.05 to 86400, got '\(bad)'")
    }
    expectEqual(
      Self.usageError(["timeline", "--interval", "5"]),
      "option '--interval' times the fetches of --follow; add --follow, or leave it out")
  }

  @Test(arguments: ["list", "search", "timeline", "edit"])
  func theDemosHelpIsTheSameThreeWays(command: String) throws {
    try helpIsTheSameThreeWays(command: command)
  }

  @Test func theDemosCommandsAreListedInHelpOrder() {
    var names: [[String]] = []
    for commands in Program.features {
      var group: [String] = []
      for command in commands { group.append(command.spec.name) }
      names.append(group)
    }
    // The demo's features come first; a feature added beside them lists its commands after.
    expectEqual(
      Array(names.prefix(3)),
      [
        ["list", "show", "add", "edit", "remove"], ["search"], ["timeline", "people"],
      ])
  }

  @Test func unknownCommandsSuggestTheDemosClosest() {
    expectEqual(Self.usageError(["lst"]), "unknown command 'lst'; did you mean 'list'?")
    expectEqual(Self.usageError(["timelin"]), "unknown command 'timelin'; did you mean 'timeline'?")
  }
}
