import AppServer
import CommandLineKit
import Testing

@testable import FriendsServerApp

/// `friends-server --data-dir`: an empty path is a usage error, a `~` the shell left is
/// expanded with `HOME`.
@Suite struct ServerPathOptionTests {
  @Test func anEmptyDataDirectoryIsAUsageError() {
    #expect(throws: UsageError("option '--data-dir' needs a path, not an empty value")) {
      try ServerCommandLine.parse(["--data-dir", ""])
    }
  }

  @Test func aTildeIsExpandedWithHome() throws {
    #expect(
      try ServerCommandLine.parse(["--data-dir=~/srv"], environment: ["HOME": "/home/ada"])
        == .serve(ServerOptions(port: 8080, dataDirectory: "/home/ada/srv")))
  }
}
