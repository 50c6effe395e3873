import AppComposition
import Foundation
import ReactiveTesting
import Testing

@Suite struct DataDirectoryTests {
  private let home = "/home/ada"

  @Test func explicitDirectoryWinsOverEverything() {
    let resolved = DataDirectory.resolve(
      explicit: "/data/friends",
      environment: ["FRIENDS_DATA_DIR": "/env/friends", "XDG_DATA_HOME": "/xdg", "HOME": home])
    expectEqual(resolved.url.path, "/data/friends")
    expectEqual(resolved.source, .explicit)
  }

  @Test func environmentOverrideWinsOverXDG() {
    let resolved = DataDirectory.resolve(
      environment: ["FRIENDS_DATA_DIR": "/env/friends", "XDG_DATA_HOME": "/xdg", "HOME": home])
    expectEqual(resolved.url.path, "/env/friends")
    expectEqual(resolved.source, .environmentOverride)
  }

  @Test func xdgDataHomeGetsTheAppFolder() {
    let resolved = DataDirectory.resolve(environment: ["XDG_DATA_HOME": "/xdg/data", "HOME": home])
    expectEqual(resolved.url.path, "/xdg/data/\(DataDirectory.appFolderName)")
    expectEqual(resolved.source, .xdgDataHome)
  }

  @Test func homeIsTheLastResort() {
    let resolved = DataDirectory.resolve(environment: ["HOME": home])
    expectEqual(resolved.url.path, "/home/ada/.local/share/friends")
    expectEqual(resolved.source, .home)
  }

  @Test func emptyValuesCountAsUnset() {
    let resolved = DataDirectory.resolve(
      explicit: "", environment: ["FRIENDS_DATA_DIR": "", "XDG_DATA_HOME": "", "HOME": home])
    expectEqual(resolved.url.path, "/home/ada/.local/share/friends")
  }

  @Test func relativeXDGDataHomeIsIgnored() {
    let resolved = DataDirectory.resolve(environment: ["XDG_DATA_HOME": "data", "HOME": home])
    expectEqual(resolved.source, .home)
  }

  @Test func missingHomeUsesTheFallback() {
    let resolved = DataDirectory.resolve(environment: [:], fallbackHome: "/var/lib/ada")
    expectEqual(resolved.url.path, "/var/lib/ada/.local/share/friends")
  }

  @Test func relativeExplicitPathBecomesAbsolute() {
    let resolved = DataDirectory.resolve(explicit: "some/dir", environment: ["HOME": home])
    #expect(resolved.url.path.hasPrefix("/"))
    #expect(resolved.url.path.hasSuffix("/some/dir"))
  }

  @Test func pathsAreStandardized() {
    let resolved = DataDirectory.resolve(explicit: "/data/./x/../friends", environment: [:])
    expectEqual(resolved.url.path, "/data/friends")
  }
}
