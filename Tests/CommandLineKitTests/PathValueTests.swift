import CommandLineKit
import Testing

/// Paths in options and environment variables: empty ones refused, a leading `~` expanded
/// with `HOME` as a shell would.
@Suite struct PathValueTests {
  static let home = ["HOME": "/home/ada"]

  @Test(arguments: [
    ("/srv/data", "/srv/data"), ("relative/dir", "relative/dir"), ("a~b", "a~b"),
    ("~", "/home/ada"), ("~/", "/home/ada/"), ("~/x/y", "/home/ada/x/y"),
  ])
  func aPathIsKeptOrItsTildeExpanded(value: String, expected: String) throws {
    #expect(try PathValue.checked(value, from: .option("dir"), environment: Self.home) == expected)
  }

  @Test func aHomeEndingInASlashGivesNoDoubleSlash() throws {
    #expect(
      try PathValue.checked("~/x", from: .option("dir"), environment: ["HOME": "/home/ada/"])
        == "/home/ada/x")
  }

  @Test func mistakesAreUsageErrorsThatSayWhatToDo() {
    #expect(throws: UsageError("option '--dir' needs a path, not an empty value")) {
      try PathValue.checked("", from: .option("dir"), environment: Self.home)
    }
    #expect(throws: UsageError("DIR is set but empty: give it a path, or unset it")) {
      try PathValue.checked("", from: .environment("DIR"), environment: Self.home)
    }
    #expect(
      throws: UsageError(
        "option '--dir' starts with '~bob', which the shell did not expand: give the full path")
    ) {
      try PathValue.checked("~bob/x", from: .option("dir"), environment: Self.home)
    }
    #expect(
      throws: UsageError(
        "the environment variable DIR starts with '~', which the shell did not expand, and "
          + "HOME is not set: give the full path")
    ) {
      try PathValue.checked("~/x", from: .environment("DIR"), environment: [:])
    }
  }

  @Test func aVariableIsCheckedOnlyWhenSet() throws {
    #expect(try PathValue.checkedVariable("DIR", in: Self.home) == Self.home)
    #expect(
      try PathValue.checkedVariable("DIR", in: ["DIR": "~/d", "HOME": "/h"])
        == ["DIR": "/h/d", "HOME": "/h"])
    #expect(throws: UsageError("DIR is set but empty: give it a path, or unset it")) {
      try PathValue.checkedVariable("DIR", in: ["DIR": ""])
    }
  }
}
