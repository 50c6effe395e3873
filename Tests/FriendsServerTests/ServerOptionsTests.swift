import FriendsServer
import Testing

@Suite struct ServerOptionsTests {
  @Test func noArgumentsMeanTheDefaults() throws {
    #expect(try ServerOptions.parse([]) == ServerOptions(port: 8080, dataDirectory: nil))
  }

  @Test func portAndDataDirectoryAreReadInBothForms() throws {
    #expect(
      try ServerOptions.parse(["--port", "0", "--data-dir", "/tmp/x"])
        == ServerOptions(port: 0, dataDirectory: "/tmp/x"))
    #expect(
      try ServerOptions.parse(["--data-dir=/srv/friends", "--port=9000"])
        == ServerOptions(port: 9000, dataDirectory: "/srv/friends"))
  }

  @Test func helpAndVersionAreRecognised() throws {
    #expect(try ServerOptions.parse(["--version"]).showsVersion)
    #expect(try !ServerOptions.parse(["--help"]).showsVersion)
    #expect(try ServerOptions.parse(["-h"]).showsHelp)
    #expect(try ServerOptions.parse(["--port", "1", "--help"]).showsHelp)
    #expect(ServerOptions.usage.hasPrefix("usage: friends-server [--port N] [--data-dir PATH]"))
  }

  @Test(arguments: [
    (["--port"], "--port needs a value"),
    (["--port", "http"], "--port must be a number from 0 to 65535, not \"http\""),
    (["--port", "70000"], "--port must be a number from 0 to 65535, not \"70000\""),
    (["--port=-1"], "--port must be a number from 0 to 65535, not \"-1\""),
    (["--data-dir="], "--data-dir needs a path"),
    (["--verbose"], "unknown argument \"--verbose\""),
    (["serve"], "unknown argument \"serve\""),
  ])
  func badArgumentsAreNamed(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try ServerOptions.parse(arguments) }
  }
}
