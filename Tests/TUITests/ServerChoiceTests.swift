import AppComposition
import Foundation
import RemoteBackend
import Testing

@testable import FriendsTUI

/// Which server the app uses when none is named, and the title bar that says which.
@MainActor @Suite struct ServerChoiceTests {
  @Test func theTitleBarNamesTheServer() {
    Harness.run { h in
      h.auth.status.accept(.authorized(Harness.ada))
      h.start(server: URL(string: "http://127.0.0.1:8080")!)
      #expect(h.line(0).hasSuffix(" Ada · 127.0.0.1:8080"))
    }
    Harness.run { h in
      h.start(server: URL(string: "https://example.com/")!)
      #expect(h.line(0).hasSuffix(" not logged in · https://example.com"))
    }
    Harness.run { h in
      h.auth.status.accept(.authorized(Harness.ada))
      h.start()
      #expect(h.line(0).hasSuffix(" Ada"))
    }
  }

  @Test func theServerComesFromTheOptionThenTheVariableThenTheDataDirectory() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("friends-tui-server-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var environment = ["HOME": "/nonexistent", AppIdentity.dataDirectoryVariable: directory.path]
    #expect(try Options.parse([]).serverChoice(environment: environment) == nil)
    try SessionTokenFile(directory: directory, server: URL(string: "http://localhost:1")!)
      .save("AbC-123_xyzAbC-123_xyzAbC-123_xyzAbC-123_x")
    #expect(
      try Options.parse([]).serverChoice(environment: environment)
        == ServerChoice(url: URL(string: "http://localhost:1")!, source: .remembered))
    environment[AppIdentity.serverVariable] = "http://127.0.0.1:2"
    #expect(
      try Options.parse([]).serverChoice(environment: environment)
        == ServerChoice(url: URL(string: "http://127.0.0.1:2")!, source: .environment))
    #expect(
      try Options.parse(["--server", "http://h:3"]).serverChoice(environment: environment)
        == ServerChoice(url: URL(string: "http://h:3")!, source: .explicit))
    #expect(try Options.parse(["--local"]).serverChoice(environment: environment) == nil)
    #expect(throws: (any Error).self) {
      try Options.parse(["--latency", "5"]).serverChoice(environment: environment)
    }
    environment[AppIdentity.serverVariable] = "nope"
    #expect(throws: (any Error).self) {
      try Options.parse([]).serverChoice(environment: environment)
    }
  }
}
